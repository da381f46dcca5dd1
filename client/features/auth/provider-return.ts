// What a page needs to know on landing from a provider sign-in, without the sign-in's own code
// (provider-login.ts), which loads only when a provider is chosen or a sign-in comes back.

export type Provider = "google" | "facebook";

/** Which provider a full-page redirect went to, so the page it lands on can name it. */
const REDIRECT_KEY = "arena:oauth-provider";

/** Remembers the provider a redirect fallback goes to (the popup was blocked). */
export function rememberRedirectProvider(provider: Provider): void {
  sessionStorage.setItem(REDIRECT_KEY, provider);
}

/** True when this window is the sign-in popup of an Arena page: that page reads our address and closes us. */
export function isSignInPopup(): boolean {
  try {
    return Boolean(window.opener) && window.opener !== window && (window.opener as Window).location.origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The provider a redirect fallback went to (read once). */
export function takeRedirectProvider(): Provider | undefined {
  const stored = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return stored === "google" || stored === "facebook" ? stored : undefined;
}
