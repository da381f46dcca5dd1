// Loaded by bun before every test file (bunfig.toml), in each file's own global under --parallel.
import { basename, relative } from "node:path";
import { mediaTierRefusal } from "./tiers.ts";

// Still argon2id, at a test-only cost (server/auth/password.ts says why; tests/password-cost.test.ts proves
// the real server process keeps the real one).
process.env.ARENA_TEST_PASSWORD_COST = "cheap";

// The quick tier promises no ffmpeg: a file that starts one there is refused at once, with where to list it,
// instead of quietly making the developer's loop slow.
if (process.env.ARENA_TEST_TIER === "quick") refuseMediaTools();

function refuseMediaTools(): void {
  const spawn = Bun.spawn;
  const file = relative(process.cwd(), Bun.main);
  const guarded = (...args: unknown[]) => {
    const first = args[0] as string[] | { cmd: string[] };
    const command = Array.isArray(first) ? first : first.cmd;
    const tool = command.map((part) => basename(part)).find((name) => name === "ffmpeg" || name === "ffprobe");
    if (tool) throw new Error(mediaTierRefusal(file, tool));
    return (spawn as (...args: unknown[]) => unknown)(...args);
  };
  (Bun as { spawn: unknown }).spawn = guarded;
}
