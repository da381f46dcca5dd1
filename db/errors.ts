/** True when SQLite refused a write because a UNIQUE or PRIMARY KEY constraint already holds the value. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? "";
  const unique = code.startsWith("SQLITE_CONSTRAINT_UNIQUE") || code.startsWith("SQLITE_CONSTRAINT_PRIMARYKEY") || /UNIQUE constraint failed/.test(error.message);
  return unique && (column === undefined || error.message.includes(column));
}
