import { describe, expect, it } from "bun:test";
import { SearchAnswers } from "./answers.ts";

const EMPTY = { games: [], users: [], lives: [], videos: [], tournaments: [] };

/** A clock the test moves, and a search that counts how often it really ran. */
function setUp(keepMs = 1000, maxTerms = 1000) {
  let now = 0;
  const answers = new SearchAnswers(() => now, keepMs, maxTerms);
  const runs: string[] = [];
  const work = (key: string) => () => {
    runs.push(key);
    return Promise.resolve(EMPTY);
  };
  return { answers, runs, work, advance: (ms: number) => (now += ms) };
}

describe("SearchAnswers", () => {
  it("works a term out once per second, however many ask", async () => {
    const { answers, runs, work, advance } = setUp();
    await Promise.all(Array.from({ length: 20 }, () => answers.answer("fr dropdown fin", work("fin"))));
    advance(999);
    await answers.answer("fr dropdown fin", work("fin"));
    expect(runs).toEqual(["fin"]);
    advance(1);
    await answers.answer("fr dropdown fin", work("fin"));
    expect(runs).toEqual(["fin", "fin"]);
  });

  it("answers at once with the kept answer while a new one is worked out behind, then with the new one", async () => {
    let now = 0;
    const answers = new SearchAnswers(() => now, 1000);
    let finishRefresh: (sections: typeof EMPTY) => void = () => undefined;
    const first = { ...EMPTY, games: [] };
    await answers.answer("k", () => Promise.resolve(first));
    now = 1500;
    const refreshed = { ...EMPTY, users: [] };
    let refreshes = 0;
    const slowWork = () => {
      refreshes++;
      return new Promise<typeof EMPTY>((resolve) => {
        finishRefresh = resolve;
      });
    };
    // The refresh has not come yet: every asker gets the kept answer, and only one refresh runs.
    expect(await answers.answer("k", slowWork)).toBe(first);
    expect(await answers.answer("k", slowWork)).toBe(first);
    expect(refreshes).toBe(1);
    finishRefresh(refreshed);
    await Promise.resolve();
    expect(await answers.answer("k", slowWork)).toBe(refreshed);
    expect(refreshes).toBe(1);
  });

  it("makes the next asker wait for a new answer once the kept one went unasked for a second more", async () => {
    const { answers, runs, work, advance } = setUp();
    await answers.answer("k", work("first"));
    advance(2000);
    await answers.answer("k", work("second"));
    expect(runs).toEqual(["first", "second"]);
  });

  it("keeps each term, language and scope apart", async () => {
    const { answers, runs, work } = setUp();
    for (const key of ["fr dropdown fin", "en dropdown fin", "fr page fin", "fr dropdown fina"]) await answers.answer(key, work(key));
    expect(runs).toHaveLength(4);
  });

  it("never keeps a failure", async () => {
    const { answers, runs, work } = setUp();
    await expect(answers.answer("fr dropdown x", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    await answers.answer("fr dropdown x", work("x"));
    expect(runs).toEqual(["x"]);
  });

  it("forgets the oldest terms beyond its size", async () => {
    const { answers, runs, work } = setUp(1000, 2);
    for (const key of ["a", "b", "c", "a"]) await answers.answer(key, work(key));
    expect(runs).toEqual(["a", "b", "c", "a"]);
  });
});
