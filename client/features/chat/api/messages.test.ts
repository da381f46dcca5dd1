import { describe, expect, it } from "bun:test";
import { addLine, type ChatLine, HISTORY_LIMIT, mergeHistory, parseChatLine, removeLine } from "./messages.ts";

const STREAM = "ab12";
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
function line(id: number, text = `line ${id}`, userId = 1, ms = id * 5000): ChatLine {
  return { id, userId, username: `user${userId}`, avatar: null, text, timestamp: at(ms), at: Date.parse(at(ms)) };
}

describe("chat lines", () => {
  it("reads live messages and history items alike, and ignores anything else", () => {
    const live = { id: 1, userId: 2, username: "ana", avatar: null, message: "gg", streamID: STREAM, timestamp: at(0) };
    const history = { id: 1, userId: 2, username: "ana", avatar: null, content: "gg", streamId: STREAM, timestamp: at(0) };
    expect(parseChatLine(live, STREAM)).toEqual(parseChatLine(history, STREAM));
    expect(parseChatLine(live, STREAM)?.text).toBe("gg");
    for (const bad of [null, "gg", { ...live, id: "1" }, { ...live, message: "   " }, { ...live, timestamp: "yesterday" }, { ...live, username: "" }]) {
      expect(parseChatLine(bad, STREAM)).toBeNull();
    }
    expect(parseChatLine(live, "other")).toBeNull();
  });

  it("keeps a bracket line's key and parameters, and refuses a key that is not the bracket's (issue 18) or a raid's (issue 36)", () => {
    const system = { key: "bracket_match_won", params: { winner: "ana", loser: "bo", score: "2–1", station: "A" } };
    const live = { id: 7, userId: 2, username: "caster", avatar: null, message: "ana gagne 2–1 contre bo (A)", streamID: STREAM, timestamp: at(0), system };
    expect(parseChatLine(live, STREAM)?.system).toEqual(system);
    expect(parseChatLine({ ...live, system: undefined }, STREAM)?.system).toBeUndefined();
    expect(parseChatLine({ ...live, system: { key: "errors:internal", params: {} } }, STREAM)).toBeNull();
    const raid = { key: "raid_arrived", params: { from: "ana", count: 3 } };
    expect(parseChatLine({ ...live, system: raid }, STREAM)?.system).toEqual(raid);
    // As the server sends them now: no author (issue 34, item 17); a line with no author must be the bracket's.
    const unsigned = { ...live, userId: 0, username: "" };
    expect(parseChatLine(unsigned, STREAM)).toMatchObject({ userId: 0, username: "", system });
    expect(parseChatLine({ ...unsigned, system: undefined }, STREAM)).toBeNull();
  });

  it("drops the same line twice and a double send within a second, keeps one after it", () => {
    let lines = addLine([], line(1, "hi", 1, 0));
    lines = addLine(lines, line(1, "hi", 1, 0));
    lines = addLine(lines, line(2, "hi", 1, 900));
    expect(lines.map((l) => l.id)).toEqual([1]);
    lines = addLine(lines, line(3, "hi", 2, 900));
    lines = addLine(lines, line(4, "hi", 1, 1500));
    expect(lines.map((l) => l.id)).toEqual([1, 3, 4]);
  });

  it("keeps lines in the server's order and removes a deleted one", () => {
    const lines = addLine(addLine([], line(5)), line(3));
    expect(lines.map((l) => l.id)).toEqual([3, 5]);
    expect(removeLine(lines, 3).map((l) => l.id)).toEqual([5]);
  });

  it("merges a fresh history by id: no duplicates, deletions applied, newer live lines and older lines kept", () => {
    const cached = [line(1), line(2), line(3), line(9)];
    const fetched = [line(2), line(4)];
    expect(mergeHistory(cached, fetched).map((l) => l.id)).toEqual([2, 4, 9]);
    const full = Array.from({ length: HISTORY_LIMIT }, (_, i) => line(i + 10));
    expect(mergeHistory([line(1), line(10)], full).map((l) => l.id)).toEqual([1, ...full.map((l) => l.id)]);
    expect(mergeHistory(undefined, fetched).map((l) => l.id)).toEqual([2, 4]);
  });
});
