// Server-side HLS delay, free of any player's polling: the playlist is read every 25 ms, and each
// time a new segment is listed, the delay since the keyframe that closed it was handed to the encoder
// (a segment can only be closed when the next keyframe arrives) is noted.
import { now } from "./clock.ts";

export function trackSegments(playlistUrl: string, keyframes: readonly number[]) {
  const delays: number[] = [];
  let stopped = false;
  let last: string | undefined;
  const polling = (async () => {
    while (!stopped) {
      const text = await fetch(playlistUrl)
        .then((r) => (r.ok ? r.text() : ""))
        .catch(() => "");
      const at = now();
      const newest = text
        .split("\n")
        .filter((l) => l.trim() && !l.startsWith("#"))
        .at(-1);
      if (newest && newest !== last) {
        // The first listing seen was not watched appear; every later one was.
        if (last !== undefined) {
          const closing = keyframes.filter((k) => k <= at).at(-1);
          if (closing !== undefined) delays.push(at - closing);
        }
        last = newest;
      }
      await Bun.sleep(25);
    }
  })();
  return {
    async stop(): Promise<number[]> {
      stopped = true;
      await polling;
      return delays.sort((a, b) => a - b);
    },
  };
}
