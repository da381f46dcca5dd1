// An admin's invitation link (/?auth=signup&invite=…) is remembered for the visit, so the sign-up
// form sends it even after the page moved on; it is forgotten once the account exists.
const KEY = "arena.invite";

export function rememberInvite(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the link still works if used at once.
    memory = token;
  }
}

let memory: string | undefined;

export function pendingInvite(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
}

export function forgetInvite(): void {
  memory = undefined;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
