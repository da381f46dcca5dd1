/** Characters no file system takes in a name (Windows' list, which covers the others), and control characters. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]/gu;
const MAX_LENGTH = 120;

/**
 * The name a replay's download is saved under: its title ("Première soirée de Nova.mp4"), not the number its file
 * has on the server. Characters a file system refuses become spaces; a title left empty (only such characters) falls
 * back to "replay-ID".
 */
export function replayDownloadName(replay: { id: number; title: string }): string {
  const cleaned = replay.title
    .replace(UNSAFE, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+|\.+$/g, "")
    .slice(0, MAX_LENGTH)
    .trim();
  return `${cleaned || `replay-${replay.id}`}.mp4`;
}
