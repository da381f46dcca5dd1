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

/** The text of `### heading` (to the end of its `## title` section), or "" when there is none. */
export function readSubsection(title: string, heading: string): string {
  const text = readFileSync(REPORT, "utf8");
  const start = text.indexOf(`## ${title}`);
  if (start === -1) return "";
  const end = text.indexOf("\n## ", start + 3);
  const section = text.slice(start, end === -1 ? undefined : end);
  const at = section.indexOf(`\n### ${heading}`);
  return at === -1 ? "" : section.slice(at + 1).trim();
}

/** Replaces (or appends) `### heading` at the end of the `## title` section, leaving the rest of the section as it is. */
export function writeSubsection(title: string, heading: string, body: string): void {
  const text = readFileSync(REPORT, "utf8");
  const start = text.indexOf(`## ${title}`);
  if (start === -1) {
    writeSection(title, `### ${heading}\n\n${body.trim()}`);
    return;
  }
  const end = text.indexOf("\n## ", start + 3);
  const section = text.slice(start, end === -1 ? undefined : end);
  const at = section.indexOf(`\n### ${heading}`);
  const kept = (at === -1 ? section : section.slice(0, at)).trim().slice(`## ${title}`.length);
  writeSection(title, `${kept.trim()}\n\n### ${heading}\n\n${body.trim()}`);
}
