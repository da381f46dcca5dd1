import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";

const REPORT = join(import.meta.dir, "../docs/benchmarks.md");

/** One line naming the machine, so numbers are read against what produced them. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}, ${new Date().toISOString().slice(0, 10)}`;
}

/** Replaces (or appends) the section headed `## title` in docs/benchmarks.md, leaving the others as they are. */
export function writeSection(title: string, body: string): void {
  const text = readFileSync(REPORT, "utf8");
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = text.indexOf(heading);
  if (start === -1) {
    writeFileSync(REPORT, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = text.indexOf("\n## ", start + heading.length);
  writeFileSync(REPORT, text.slice(0, start) + section + (next === -1 ? "" : text.slice(next)));
}
