import { spawnMediaTool } from "./children.ts";

/** Runs ffmpeg once with the given arguments, feeding `input` on stdin; resolves with stdout or rejects with its last error lines. */
export async function runFfmpeg(args: string[], options: { input?: Uint8Array; timeoutMs?: number } = {}): Promise<Uint8Array> {
  const child = spawnMediaTool(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", ...args], {
    stdin: options.input ? new Blob([options.input as Uint8Array<ArrayBuffer>]) : "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 15_000);
  try {
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).bytes(), new Response(child.stderr).text(), child.exited]);
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" | ")}`);
    return stdout;
  } finally {
    clearTimeout(timer);
  }
}
