// How a deleted account is told apart: its row stays (past brackets, sales and the ledger point at it) with an
// address no one can have. privacy/erase.ts writes it; the console and the replay maker read it.

const ERASED_DOMAIN = "@deleted.invalid";

export const erasedEmail = (userId: number) => `deleted_${userId}${ERASED_DOMAIN}`;

/** The SQL `like` pattern of a deleted account's address, for lists filtered by state. */
export const ERASED_EMAIL_PATTERN = `%${ERASED_DOMAIN}`;

/** Whether an account was deleted. */
export const isErasedAccount = (user: { email: string }) => user.email.endsWith(ERASED_DOMAIN);
