import type { FileSink, Subprocess } from "bun";
import { spawnMediaTool } from "./children.ts";

export interface FfmpegJob {
  readonly name: string;
  /**
   * Ends the job. With `waitMs`, it first waits that long for ffmpeg to finish by itself (its input
   * was closed); then SIGINT, which asks it to write its trailer; SIGKILL if it still lingers.
   */
  stop(waitMs?: number): Promise<void>;
}

interface JobOptions {
  name: string;
  args: string[];
  /** Restart after a crash, waiting 1 s, 2 s, 4 s… (at most 30 s) between tries. */
  restart?: boolean;
  log?: (line: string) => void;
  /** Called with each start's process, e.g. to point at a new output file. */
  argsForAttempt?: (attempt: number) => string[];
  onStart?: (attempt: number) => void;
  /** Told the exit code and ffmpeg's last error lines (already redacted). */
  onExit?: (code: number | null, error: string) => void;
  /**
   * Feeds ffmpeg's stdin (its input is then `pipe:0`): called at each start with that process's
   * stdin, returns what to call once that process has exited.
   */
  feed?: (stdin: StdinWriter) => () => void;
  /** Hides secrets (a platform stream key in a URL) from logs and errors. */
  redact?: (text: string) => string;
  /** ffmpeg's messages as they come (unredacted), for a job that reacts to one (the SRT listener's caller). */
  onStderr?: (text: string) => void;
}

/** Where a job's input is written: chunks as they come, sent at each flush, then the end of the input. */
export interface StdinWriter {
  /** Kept until the next flush. */
  write(chunk: Uint8Array): void;
  /** Sends what was written, once this turn of the event loop is over: several flushes in one turn make one write. */
  flush(): void;
  end(): void;
}

const running = new Set<Subprocess>();

/** A supervised ffmpeg child process: started now, restarted on crash if asked, never left behind. */
export function startFfmpegJob(options: JobOptions): FfmpegJob {
  let child: Subprocess | undefined;
  let stopped = false;
  let attempt = 0;
  let retryTimer: Timer | undefined;

  const launch = () => {
    const args = options.argsForAttempt?.(attempt) ?? options.args;
    const startedAt = Date.now();
    // -nostdin only turns ffmpeg's keyboard commands off; a fed job still reads its input there.
    const proc = spawnMediaTool(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", ...args], { stdin: options.feed ? "pipe" : "ignore", stdout: "ignore", stderr: "pipe" });
    child = proc;
    running.add(proc);
    const unfeed = options.feed && proc.stdin ? options.feed(stdinWriter(proc.stdin)) : undefined;
    options.onStart?.(attempt);
    const stderrText = (options.onStderr ? readAlong(proc.stderr, options.onStderr) : new Response(proc.stderr).text()).catch(() => "");
    void proc.exited.then(async (code) => {
      running.delete(proc);
      unfeed?.();
      if (stopped) return;
      const stderr = await stderrText;
      const redact = options.redact ?? ((text: string) => text);
      const error = redact(stderr.trim().split("\n").slice(-2).join(" | "));
      options.log?.(`[media] ${options.name} exited with ${code}${error ? `: ${error}` : ""}`);
      options.onExit?.(code, error);
      if (!options.restart) return;
      // A run that lasted a while resets the backoff: it was a drop, not a crash loop.
      attempt = Date.now() - startedAt > 30_000 ? 1 : attempt + 1;
      retryTimer = setTimeout(launch, Math.min(30_000, 1000 * 2 ** (attempt - 1)));
    });
  };
  launch();

  return {
    name: options.name,
    async stop(waitMs = 0) {
      stopped = true;
      clearTimeout(retryTimer);
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      if (waitMs > 0) await Promise.race([proc.exited, Bun.sleep(waitMs)]);
      if (proc.exitCode !== null) return;
      proc.kill("SIGINT");
      const killer = setTimeout(() => proc.kill("SIGKILL"), 3000);
      await proc.exited;
      clearTimeout(killer);
    },
  };
}

/** A child's stderr read as it comes, each piece handed over, the whole returned once it closes. */
async function readAlong(stream: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<string> {
  const decoder = new TextDecoder();
  let whole = "";
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    whole += text;
    onText(text);
  }
  return whole;
}

/**
 * Writes are gathered here and go to the pipe as one write when the writer asks, at most once per
 * turn of the event loop: Bun's sink would otherwise write each chunk at once, and ffmpeg would wake
 * for each (docs/decisions.md, "CPU per stream"). A process that has gone makes the next writes no-ops
 * (its exit is handled by the job).
 */
function stdinWriter(sink: FileSink): StdinWriter {
  let closed = false;
  let flushQueued = false;
  let gathered: Uint8Array[] = [];
  const guard = (result: unknown) => {
    if (result instanceof Promise) result.catch(() => (closed = true));
  };
  const send = () => {
    if (gathered.length === 0) return;
    const chunk = gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered);
    gathered = [];
    guard(sink.write(chunk));
    guard(sink.flush());
  };
  const flush = () => {
    flushQueued = false;
    if (closed) return;
    try {
      send();
    } catch {
      closed = true;
    }
  };
  return {
    write(chunk) {
      if (!closed) gathered.push(chunk);
    },
    flush() {
      if (closed || flushQueued) return;
      flushQueued = true;
      queueMicrotask(flush);
    },
    end() {
      if (closed) return;
      closed = true;
      try {
        // What was gathered first, then the end.
        send();
        guard(sink.end());
      } catch {
        // Already gone.
      }
      gathered = [];
    },
  };
}

/** How many ffmpeg processes this process has running now (for /metrics). */
export function runningFfmpegCount(): number {
  return running.size;
}

/** Kills every ffmpeg this process started; for shutdown paths that cannot wait. */
export function killAllFfmpeg(): void {
  for (const proc of running) proc.kill("SIGKILL");
}
