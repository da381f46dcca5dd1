/**
 * True when the database refused a write because a UNIQUE or PRIMARY KEY constraint already holds
 * the value; `column` narrows it to one column. SQLite names the column in its message, PostgreSQL
 * in the error's detail ("Key (username)=(…) already exists.").
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code = "", detail = "" } = error as { code?: string; detail?: string };
  if (code === "23505") return column === undefined || detail.includes(`(${column})`) || detail.includes(`${column},`) || detail.includes(`, ${column})`);
  const unique = code.startsWith("SQLITE_CONSTRAINT_UNIQUE") || code.startsWith("SQLITE_CONSTRAINT_PRIMARYKEY") || /UNIQUE constraint failed/.test(error.message);
  return unique && (column === undefined || error.message.includes(column));
}

/** True when a CHECK constraint refused a write (the wallet's no-overdraft rule, for one). */
export function isCheckViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? "";
  return code === "23514" || code.startsWith("SQLITE_CONSTRAINT_CHECK") || /CHECK constraint failed/.test(error.message);
}

/**
 * True when a write failed for want of room: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), or a file
 * written on a full disk (ENOSPC). The answer names the cause (a 507) instead of an anonymous 500.
 */
export function isStorageFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? "";
  return code.startsWith("SQLITE_FULL") || code === "53100" || code === "ENOSPC";
}
