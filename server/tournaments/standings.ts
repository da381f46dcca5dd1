import { type BracketState, isFinished, matchesOf, playerIdOf } from "./engine.ts";

export interface StandingRow {
  playerId: number;
  matchPlayed: number;
  won: number;
  loss: number;
  draw: number;
  pts: number;
  scoreFor: number;
  scoreAgainst: number;
}

/**
 * Round-robin table: 3 points a win, 1 a draw. Ties are broken by the head-to-head result between
 * the tied players, then score difference, then score for (docs/decisions.md).
 */
export function robinStandings(state: BracketState): StandingRow[] {
  const rows = new Map<number, StandingRow>();
  const row = (playerId: number) => {
    if (!rows.has(playerId)) rows.set(playerId, { playerId, matchPlayed: 0, won: 0, loss: 0, draw: 0, pts: 0, scoreFor: 0, scoreAgainst: 0 });
    return rows.get(playerId)!;
  };
  for (const participant of state.participant as { name: string }[]) row(Number(participant.name));
  const finished = matchesOf(state).filter(isFinished);
  for (const match of finished) {
    const a = playerIdOf(state, match.opponent1?.id as number);
    const b = playerIdOf(state, match.opponent2?.id as number);
    if (a === null || b === null) continue;
    const [sa, sb] = [Number(match.opponent1?.score ?? 0), Number(match.opponent2?.score ?? 0)];
    record(row(a), sa, sb);
    record(row(b), sb, sa);
  }
  const headToHead = (x: number, y: number): number => {
    let balance = 0;
    for (const match of finished) {
      const a = playerIdOf(state, match.opponent1?.id as number);
      const b = playerIdOf(state, match.opponent2?.id as number);
      const [sa, sb] = [Number(match.opponent1?.score ?? 0), Number(match.opponent2?.score ?? 0)];
      if (a === x && b === y) balance += Math.sign(sa - sb);
      if (a === y && b === x) balance += Math.sign(sb - sa);
    }
    return balance;
  };
  return [...rows.values()].sort(
    (x, y) => y.pts - x.pts || -headToHead(x.playerId, y.playerId) || y.scoreFor - y.scoreAgainst - (x.scoreFor - x.scoreAgainst) || y.scoreFor - x.scoreFor,
  );
}

function record(row: StandingRow, mine: number, theirs: number): void {
  row.matchPlayed += 1;
  row.scoreFor += mine;
  row.scoreAgainst += theirs;
  if (mine > theirs) {
    row.won += 1;
    row.pts += 3;
  } else if (mine < theirs) row.loss += 1;
  else {
    row.draw += 1;
    row.pts += 1;
  }
}
