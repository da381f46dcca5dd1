// The tournament rules the server enforces and the web app's forms offer: one copy, read by both (docs/decisions.md,
// "The wire contract as a leaf"). Pure: imports nothing, so the web app's chunks take it without the bracket engine.

/** The formats, spelled as the contract spells them (spec 02 §3); Swiss came with issue 19. */
export const FORMATS = ["s_elim", "d_elim", "robin", "swiss"] as const;
export type Structure = (typeof FORMATS)[number];

/** The sizes each format takes. Swiss takes any number of players from 4 to 64 (issue 19); its form offers the usual steps. */
export const SIZES: Record<Structure, number[]> = { s_elim: [4, 8, 16, 32], d_elim: [4, 8, 16, 32], robin: [2, 4, 6, 8], swiss: [4, 6, 8, 10, 12, 16, 24, 32, 48, 64] };

/** Swiss rounds by default: as many as a single elimination of the same field would have, ceil(log2 n). */
export function defaultSwissRounds(players: number): number {
  return Math.max(1, Math.ceil(Math.log2(players)));
}

/**
 * The most Swiss rounds a field can always be paired for without a rematch, whatever the results: while
 * every player still has at least half the field left to meet, a pairing exists (Dirac's theorem on
 * the graph of pairs not yet played). The default is allowed even where it goes past that (5 players,
 * 3 rounds): the property tests of server/tournaments/swiss.test.ts play it out.
 */
export function maxSwissRounds(players: number): number {
  return Math.max(defaultSwissRounds(players), Math.floor(players / 2));
}

/**
 * What settled a place among Swiss players level on points, in the order they are tried
 * (docs/decisions.md, "Issue 34, item 5"): the organiser's choice comes last, and only on the cut line.
 */
export const SWISS_TIE_BREAKS = ["buchholz", "head_to_head", "sonneborn_berger", "opponents_buchholz", "organiser"] as const;
export type SwissTieBreak = (typeof SWISS_TIE_BREAKS)[number];

/**
 * When a tournament may start, by its number of players: full, except a Swiss that held a check-in, which
 * starts with whoever came, 4 at least (issue 19); in the other formats the waiting list fills the places
 * no-shows free. Whether it has started or finished already is the caller's to check.
 */
export function canStartWith(tournament: { structure: Structure; size: number; hasCheckIn: boolean }, players: number): boolean {
  if (tournament.hasCheckIn && tournament.structure === "swiss") return players >= 4 && players <= tournament.size;
  return players === tournament.size;
}

/** A score as typed: a whole number of 0 or more; anything else (letters, a negative, nothing) counts as 0 (spec 02 §4). */
export function toScore(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}
