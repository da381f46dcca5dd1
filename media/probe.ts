import { spawnMediaTool } from "./children.ts";

/** What ffprobe reads from a media file: its true duration in seconds and the streams it holds. */
interface Probe {
  duration: number;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

export async function probe(target: string): Promise<Probe> {
  const child = spawnMediaTool(["ffprobe", "-v", "error", "-show_entries", "format=duration:stream=codec_type,codec_name,width,height", "-of", "json", target], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`ffprobe failed on ${target}: ${err.trim()}`);
  const json = JSON.parse(out) as { format?: { duration?: string }; streams?: Probe["streams"] };
  return { duration: Number(json.format?.duration ?? 0), streams: json.streams ?? [] };
}
