// The console's tabs, apart from its screens: the route checks ?tab= with these, and a route's checks
// ship in the first load, so this module must not pull the console's code in with it.
const ADMIN_TABS = ["members", "content", "site", "webhooks", "legal", "games", "machine", "storage", "audit"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const isAdminTab = (value: unknown): value is AdminTab => ADMIN_TABS.includes(value as AdminTab);
