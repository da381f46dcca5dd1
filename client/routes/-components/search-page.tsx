import { Link } from "@tanstack/react-router";
import { BadgeCheck, SearchX, SlidersHorizontal } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatCount } from "../../lib/format.ts";
import { FollowButton } from "../../features/follows/components/follow-button.tsx";
import { ReplayCard } from "../../features/replays/components/replay-card.tsx";
import { TournamentCard } from "../../features/tournaments/components/tournament-card.tsx";
import { type FoundUser, type SearchResults, useSearch } from "../../features/discovery/api/search.ts";
import { GameCard } from "../../features/discovery/components/game-card.tsx";
import { StreamCard } from "../../features/discovery/components/stream-card.tsx";
import "../../styles/discovery.css";
import "../../i18n/screens/discovery.ts";

const SECTIONS = ["tournaments", "users", "lives", "videos", "games"] as const;
type Section = (typeof SECTIONS)[number];

/**
 * /search/{term} (spec 01 §2): Tournaments, users, Lives, Videos, Games, each shown only when it has
 * results, from one call; the Filters panel hides or shows sections.
 */
export function SearchPage({ term }: { term: string }) {
  const { t } = useTranslation("discovery");
  const results = useSearch(term, "page");
  const [hidden, setHidden] = useState<Set<Section>>(new Set());
  const data = results.data;
  const counts = Object.fromEntries(SECTIONS.map((section) => [section, data?.[section].length ?? 0])) as Record<Section, number>;
  const shown = SECTIONS.filter((section) => counts[section] > 0 && !hidden.has(section));
  const toggle = (section: Section) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(section)) next.add(section);
      return next;
    });

  return (
    <main className="page search-page">
      <header className="page-header">
        <h1>{t("results_title", { term })}</h1>
      </header>
      <details className="search-filters">
        <summary>
          <SlidersHorizontal size={16} aria-hidden /> {t("filters")}
        </summary>
        <fieldset>
          <legend>{t("filter_sections")}</legend>
          {SECTIONS.map((section) => (
            <label key={section} className="search-filter">
              <input type="checkbox" checked={!hidden.has(section)} onChange={() => toggle(section)} />
              <span>
                {t(`section_${section}`)} <span className="muted tabular">({counts[section]})</span>
              </span>
            </label>
          ))}
        </fieldset>
      </details>
      <QueryState query={results} pending={<Skeleton height={240} />}>
        {(found) =>
          SECTIONS.every((section) => counts[section] === 0) ? (
            <EmptyState icon={<SearchX size={40} aria-hidden />} title={t("no_results", { term })} />
          ) : (
            shown.map((section) => (
              <SearchSection key={section} title={t(`section_${section}`)} count={counts[section]}>
                {renderSection(section, found)}
              </SearchSection>
            ))
          )
        }
      </QueryState>
    </main>
  );
}

function renderSection(section: Section, data: SearchResults): ReactNode {
  switch (section) {
    case "tournaments":
      return data.tournaments.map((tournament) => <TournamentCard key={tournament.id} tournament={tournament} />);
    case "users":
      return data.users.map((user) => <UserResult key={user.id} user={user} />);
    case "lives":
      return data.lives.map((stream) => <StreamCard key={stream.channelArn} stream={stream} />);
    case "videos":
      return data.videos.map((replay) => <ReplayCard key={replay.id} replay={replay} />);
    case "games":
      return data.games.map((game) => <GameCard key={game.id} game={game} />);
  }
}

function SearchSection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="search-section" aria-label={title}>
      <h2>
        {title} <span className="muted tabular">{count}</span>
      </h2>
      <div className="search-grid">{children}</div>
    </section>
  );
}

/** A followed-users entry: avatar, name, verified badge, follower count and the follow button. */
function UserResult({ user }: { user: FoundUser }) {
  const { t } = useTranslation("discovery");
  const [followers, setFollowers] = useState(user.followers);
  return (
    <article className="user-result">
      <Link to="/profile/$username" params={{ username: user.username }} tabIndex={-1} aria-hidden>
        <Avatar name={user.username} image={user.avatar} size={56} isLive={user.isLive} />
      </Link>
      <div className="user-result-text">
        <Link to="/profile/$username" params={{ username: user.username }} className="user-result-name">
          {user.username}
          {user.verified ? <BadgeCheck size={16} className="verified" aria-label={t("verified")} /> : null}
        </Link>
        <span className="muted small tabular">{t("followers", { count: followers, formatted: formatCount(followers) })}</span>
      </div>
      <FollowButton channelId={user.id} username={user.username} isFollowed={user.isFollowed} onChange={(_, count) => setFollowers(count)} />
    </article>
  );
}
