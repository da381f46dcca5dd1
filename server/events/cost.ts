/** Category ids 1–6 and their multipliers (spec 02 §9); any other id counts 1. */
const CATEGORY_MULTIPLIERS: Record<number, number> = { 1: 2, 2: 1.5, 3: 1, 4: 1.3, 5: 2.5, 6: 0.8 };

function durationMultiplier(hours: number): number {
  if (hours > 24) return 2;
  if (hours > 8) return 1.5;
  if (hours > 4) return 1.2;
  return 1;
}

/** Unlimited seats cost like the largest events. */
function participantMultiplier(maxParticipants: number | null): number {
  const seats = maxParticipants ?? Number.POSITIVE_INFINITY;
  if (seats > 1000) return 3;
  if (seats > 500) return 2.5;
  if (seats > 100) return 2;
  if (seats > 50) return 1.5;
  return 1;
}

/** ceil(50 × category × duration × participants), computed on the server; the client's figure is only a display. */
export function creationCost(categoryId: number, startMs: number, endMs: number | null, maxParticipants: number | null): number {
  const hours = endMs === null ? 0 : (endMs - startMs) / 3_600_000;
  return Math.ceil(50 * (CATEGORY_MULTIPLIERS[categoryId] ?? 1) * durationMultiplier(hours) * participantMultiplier(maxParticipants));
}
