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
  /** Replaces a text (a deleted account's address) wherever a kept line holds it. */
  forget(text: string): void;
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
    forget(text) {
      if (!text) return;
      const pattern = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
      for (const entry of ring) entry.line = entry.line.replace(pattern, "[deleted]");
    },
  };
}

/**
 * A line as the console shows it: the one-time links of account mails (verification, password reset, invitation)
 * masked, since every admin reads the console and a link is the account (issue 34, item 11). The terminal's own log
 * keeps them: that is where the operator of a site without SMTP takes them from.
 */
export function withLinksMasked(line: string): string {
  return line.replace(/(\/api\/auth\/verify\/|\/new-password\/|[?&]invite=)[^\s&"']+/g, "$1•••");
}
