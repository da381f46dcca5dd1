/** The tournament page's tabs; the open one lives in the address (?tab=brackets), "about" being the bare address. */
const TOURNAMENT_TABS = ["about", "summary", "brackets", "rules"] as const;
export type TournamentTab = (typeof TOURNAMENT_TABS)[number];

interface TournamentSearch {
  tab?: Exclude<TournamentTab, "about">;
}

/** The page's search params: a known tab other than "about", anything else is the bare address. */
export function validateTournamentSearch(search: Record<string, unknown>): TournamentSearch {
  const { tab } = search;
  return TOURNAMENT_TABS.some((known) => known === tab) && tab !== "about" ? { tab: tab as TournamentSearch["tab"] } : {};
}
