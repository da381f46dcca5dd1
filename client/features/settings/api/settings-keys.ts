/** Every settings query lives under "settings", one second segment per screen part. */
export const settingsKeys = {
  all: ["settings"] as const,
  channel: ["settings", "channel"] as const,
  streamKey: ["settings", "stream-key"] as const,
  srt: ["settings", "srt"] as const,
  restream: ["settings", "restream"] as const,
  dataExport: ["settings", "data-export"] as const,
};
