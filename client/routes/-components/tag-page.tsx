import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "../../components/tabs.tsx";
import { ReplayCard } from "../../features/replays/components/replay-card.tsx";
import { TournamentCard } from "../../features/tournaments/components/tournament-card.tsx";
import { useTrendingGames } from "../../data/games.ts";
import { useLiveStreams } from "../../features/discovery/api/discovery.ts";
import { useSearch } from "../../features/discovery/api/search.ts";
import { GameCard } from "../../features/discovery/components/game-card.tsx";
import { List } from "../../components/list.tsx";
import { useVideos } from "../../features/replays/api/replays.ts";
import { StreamCard } from "../../features/discovery/components/stream-card.tsx";
import "../../styles/discovery.css";
import "../../i18n/screens/discovery.ts";

type Tab = "live" | "videos" | "tournaments";

/**
 * /tag/{tagName} (spec 01 §2): #tag with a count, tabs Live Channels (lives with the tag), Videos and
 * games (every video and every game), Tournaments (those the tag names, where the spec shows a word).
 */
export function TagPage({ tag }: { tag: string }) {
  const { t } = useTranslation("discovery");
  const [tab, setTab] = useState<Tab>("live");
  const lives = useLiveStreams({ tag });
  const videos = useVideos({});
  const games = useTrendingGames(50);
  const tournaments = useSearch(tag, "page");
  return (
    <main className="page tag-page">
      <header className="tag-header">
        <h1>#{tag}</h1>
        <p className="muted">{t("tag_posts", { count: lives.data?.length ?? 0 })}</p>
      </header>
      <Tabs
        label={`#${tag}`}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "live", label: t("tab_live_channels") },
          { id: "videos", label: t("tab_videos_games") },
          { id: "tournaments", label: t("tab_tournaments") },
        ]}
      />
      {tab === "live" ? (
        <div role="tabpanel" className="search-grid" aria-label={t("tab_live_channels")}>
          <List loading={lives.isPending} empty={t("no_live_for_tag", { tag })} items={(lives.data ?? []).map((stream) => <StreamCard key={stream.channelArn} stream={stream} />)} />
        </div>
      ) : null}
      {tab === "videos" ? (
        <div role="tabpanel" className="tag-panel" aria-label={t("tab_videos_games")}>
          <h2>{t("videos")}</h2>
          <div className="search-grid">
            <List loading={videos.isPending} empty={t("no_videos")} items={(videos.data ?? []).map((replay) => <ReplayCard key={replay.id} replay={replay} />)} />
          </div>
          <h2>{t("games")}</h2>
          <div className="search-grid search-grid-tall">
            <List loading={games.isPending} empty={t("no_games")} items={(games.data ?? []).map((game) => <GameCard key={game.id} game={game} />)} />
          </div>
        </div>
      ) : null}
      {tab === "tournaments" ? (
        <div role="tabpanel" className="search-grid" aria-label={t("tab_tournaments")}>
          <List
            loading={tournaments.isPending}
            empty={t("no_tournaments")}
            items={(tournaments.data?.tournaments ?? []).map((tournament) => <TournamentCard key={tournament.id} tournament={tournament} />)}
          />
        </div>
      ) : null}
    </main>
  );
}
