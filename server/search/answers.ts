import type { AppDeps } from "../http/context.ts";
import type { SearchResults } from "./schemas.ts";

type Sections = Omit<SearchResults, "success">;

/**
 * The search box's answers, kept one second per term. A dropdown asks once per keystroke, and on a
 * busy night a few hundred people type the same names at once: the first asker's answer serves
 * everyone who asks the same thing within the second, and those who ask while it is being worked out
 * wait for that same work instead of starting their own. A second (two at most, while a new answer is
 * worked out) is short enough that nobody sees a new live or replay late by more than a glance.
 *
 * Only the shared part is kept: follower counts and who the asker follows are read for each request
 * (`withFreshFollows`), so a kept answer never shows one member's follows to another, nor an old count.
 */
export class SearchAnswers {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly now: () => number,
    private readonly keepMs = 1000,
    private readonly maxTerms = 1000,
  ) {}

  /**
   * The answer kept for `key`, or the one `work` gives, kept from now on (a failure is never kept).
   * Once a kept answer is a second old, the next asker still gets it at once while a new one is worked
   * out behind them: nobody waits for a refresh. An answer left unasked for one more second is not
   * served again: its next asker waits for a new one. So an answer is at most two seconds old, and the
   * time of one search.
   */
  answer(key: string, work: () => Promise<Sections>): Promise<Sections> {
    const now = this.now();
    const found = this.kept.get(key);
    if (found && now < found.freshUntil) return found.answer;
    if (found?.ready && now < found.freshUntil + this.keepMs) {
      if (!found.refreshing) this.refresh(key, found, work);
      return found.answer;
    }
    return this.start(key, work, now).answer;
  }

  private start(key: string, work: () => Promise<Sections>, now: number): Kept {
    const entry: Kept = { answer: work(), freshUntil: now + this.keepMs, ready: false, refreshing: false };
    this.keep(key, entry);
    entry.answer.then(
      () => {
        entry.ready = true;
      },
      () => {
        if (this.kept.get(key) === entry) this.kept.delete(key);
      },
    );
    return entry;
  }

  /** Works a new answer out behind the kept one, which stays until the new one is there (or for good, if it fails). */
  private refresh(key: string, stale: Kept, work: () => Promise<Sections>): void {
    stale.refreshing = true;
    const started = this.now();
    work().then(
      (sections) => {
        if (this.kept.get(key) === stale) this.keep(key, { answer: Promise.resolve(sections), freshUntil: started + this.keepMs, ready: true, refreshing: false });
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  private keep(key: string, entry: Kept) {
    this.kept.delete(key);
    this.kept.set(key, entry);
    // A Map iterates in insertion order: the first keys are the oldest answers.
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.maxTerms) break;
      this.kept.delete(oldest);
    }
  }
}

interface Kept {
  answer: Promise<Sections>;
  freshUntil: number;
  /** The answer has come (a kept answer still being worked out is waited for, never served stale). */
  ready: boolean;
  /** A new answer is being worked out behind this one. */
  refreshing: boolean;
}

/**
 * A shared answer as it stands for this request: follower counts read again, and for a member the
 * people and lives they follow marked. A click on "Follow" in the results shows at once, even on a
 * kept answer. Two lookups by key, nothing like the search itself.
 */
export async function withFreshFollows(deps: AppDeps, sections: Sections, viewerId: number | undefined): Promise<Sections> {
  const shown = [...new Set([...sections.users.map((user) => user.id), ...sections.lives.map((live) => live.user)])];
  if (shown.length === 0) return sections;
  const [counts, follows] = await Promise.all([
    deps.db.selectFrom("user").select(["id", "follower_count"]).where("id", "in", shown).execute(),
    viewerId ? deps.db.selectFrom("follow").select("followed_id").where("follower_id", "=", viewerId).where("followed_id", "in", shown).execute() : [],
  ]);
  const followersOf = new Map(counts.map((row) => [row.id, Number(row.follower_count)]));
  const followed = new Set(follows.map((row) => row.followed_id));
  return {
    ...sections,
    users: sections.users.map((user) => ({ ...user, followers: followersOf.get(user.id) ?? user.followers, isFollowed: followed.has(user.id) })),
    lives: sections.lives.map((live) => ({ ...live, followers: followersOf.get(live.user) ?? live.followers, isFollowed: followed.has(live.user) })),
  };
}
