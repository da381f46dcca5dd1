import type { AppDeps } from "../http/context.ts";
import type { SearchResults } from "./schemas.ts";

type Sections = Omit<SearchResults, "success">;

/**
 * The search box's answers, kept one second per term. A dropdown asks once per keystroke, and on a
 * busy night a few hundred people type the same names at once: the first asker's answer serves
 * everyone who asks the same thing within the second, and those who ask while it is being worked out
 * wait for that same work instead of starting their own. A second is short enough that nobody sees a
 * new live or replay late by more than a glance.
 *
 * Only the shared part is kept: follower counts and who the asker follows are read for each request
 * (`withFreshFollows`), so a kept answer never shows one member's follows to another, nor an old count.
 */
export class SearchAnswers {
  private readonly kept = new Map<string, { until: number; answer: Promise<Sections> }>();

  constructor(
    private readonly now: () => number,
    private readonly keepMs = 1000,
    private readonly maxTerms = 1000,
  ) {}

  /** The answer kept for `key`, or the one `work` gives, kept from now on (a failure is never kept). */
  answer(key: string, work: () => Promise<Sections>): Promise<Sections> {
    const now = this.now();
    const found = this.kept.get(key);
    if (found && found.until > now) return found.answer;
    const answer = work();
    this.keep(key, { until: now + this.keepMs, answer });
    answer.catch(() => {
      if (this.kept.get(key)?.answer === answer) this.kept.delete(key);
    });
    return answer;
  }

  private keep(key: string, entry: { until: number; answer: Promise<Sections> }) {
    this.kept.delete(key);
    this.kept.set(key, entry);
    // A Map iterates in insertion order: the first keys are the oldest answers.
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.maxTerms) break;
      this.kept.delete(oldest);
    }
  }
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
