/** How long an organiser may hold an offer: from 5 minutes (on the day) to a week. Shared with the web app's form. */
export const HOLD_LIMITS = { min: 5, max: 7 * 24 * 60 };
