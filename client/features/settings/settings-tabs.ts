// The settings' tabs, apart from their screens: the route checks ?tab= with these, and a route's checks
// ship in the first load, so this module must not pull the settings' code in with it.
const SETTINGS_TABS = ["profile", "password", "channel", "restream", "integrations", "fediverse", "raids", "privacy"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const isSettingsTab = (value: unknown): value is SettingsTab => SETTINGS_TABS.includes(value as SettingsTab);
