/**
 * The last lines this node logged, for the admin console's "machine" view: an operator at a LAN party
 * reads why a live or a replay failed without opening a terminal. A ring of fixed size: memory stays flat.
 */
export interface LogTail {
  /** The log function to hand to the server's parts: keeps the line, then passes it on. */
  wrap(log: (line: string) => void): (line: string) => void;
  /** Keeps a line for the console without printing it (work the console itself started). */
  note(line: string): void;
  lines(): { at: string; line: string }[];
}

export function createLogTail(size = 100): LogTail {
  const ring: { at: string; line: string }[] = [];
  const note = (line: string) => {
    ring.push({ at: new Date().toISOString(), line });
    if (ring.length > size) ring.shift();
  };
  return {
    wrap: (log) => (line) => {
      note(line);
      log(line);
    },
    note,
    lines: () => [...ring],
  };
}
