// How fast this machine's cores are for plain JavaScript, so that suite times measured on two machines of the same
// kind can be compared (docs/benchmarks.md, "Test suite in parallel": the same code took 26 and 14 minutes on two
// of them). Prints the processor seconds of one fixed loop, run alone, then two at once (two real cores take the
// same time each; two hyperthreads of one core, or a busy host, take longer).
//   bun bench/machine-speed.ts
import { machineLine } from "./report.ts";

const ITERATIONS = 600_000_000;

/** The loop in a process of its own: its processor seconds. */
async function loopSeconds(): Promise<number> {
  const child = Bun.spawn([process.execPath, "-e", LOOP], { stdout: "pipe" });
  const [output] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  return Number(output.trim());
}

// A multiply and a modulo per turn: nothing to allocate, nothing the JIT can fold away.
const LOOP = `const t = process.cpuUsage(); let x = 0; for (let i = 0; i < ${ITERATIONS}; i++) x = (x + i * 7) % 1000003; const u = process.cpuUsage(t); if (x < 0) console.error(x); console.log((u.user + u.system) / 1e6);`;

const alone = await loopSeconds();
const side = await Promise.all([loopSeconds(), loopSeconds()]);
console.log(`${machineLine()}`);
console.log(`the loop alone: ${alone.toFixed(2)} s of processor; two at once: ${side.map((seconds) => seconds.toFixed(2)).join(" s and ")} s`);
