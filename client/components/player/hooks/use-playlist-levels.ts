import { useEffect, useState } from "react";
import { levelsOfPlaylist, type QualityLevel } from "../lib/quality-levels.ts";

/**
 * The levels a live's HLS playlist lists, read while the low-latency mode plays (it carries the source
 * only, so no engine reports them). Read again each time the settings menu opens: a ladder's master
 * playlist comes a moment after the live starts, and changes when the publisher comes back at another size.
 * None while `playlistUrl` is null.
 */
export function usePlaylistLevels(playlistUrl: string | null, menuOpen: boolean): QualityLevel[] {
  const [levels, setLevels] = useState<QualityLevel[]>([]);

  useEffect(() => {
    if (!playlistUrl || !menuOpen) return;
    const request = new AbortController();
    void fetch(playlistUrl, { signal: request.signal, cache: "no-store" })
      // A refusal or a hiccup keeps what was read before; a media playlist (no ladder) lists no level.
      .then(async (response) => (response.ok ? levelsOfPlaylist(await response.text()) : null))
      .then((found) => found && setLevels((known) => (JSON.stringify(known) === JSON.stringify(found) ? known : found)))
      .catch(() => undefined);
    return () => request.abort();
  }, [playlistUrl, menuOpen]);

  return playlistUrl ? levels : [];
}
