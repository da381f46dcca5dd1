import { useState } from "react";
import { useTranslation } from "react-i18next";
import { List } from "../../components/list.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { ClipsList } from "../../features/clips/components/clip-card.tsx";
import { useVideos } from "../../features/replays/api/replays.ts";
import { ReplayCard } from "../../features/replays/components/replay-card.tsx";
import { useTournaments } from "../../features/tournaments/api/queries.ts";
import { TournamentCard } from "../../features/tournaments/components/tournament-card.tsx";
import { useGame } from "../../data/games.ts";
import { ApiError } from "../../lib/api.ts";
import { useLiveStreams } from "../../features/discovery/api/discovery.ts";
import { StreamCard } from "../../features/discovery/components/stream-card.tsx";
import "../../styles/discovery.css";
import "../../i18n/screens/discovery.ts";

type Tab = "live" | "videos" | "clips" | "tournaments";

/**
 * /game/{id} (spec 01 §2): banner, poster, title, description clamped to 4 lines, and tabs Live
 * Channels, Videos and Tournaments, the last two filled with this game's replays and tournaments.
 */
export function GamePage({ id }: { id: number }) {
  const { t } = useTranslation("discovery");
  const [tab, setTab] = useState<Tab>("live");
  const [expanded, setExpanded] = useState(false);
  const game = useGame(id);
  const lives = useLiveStreams({ game: id });
  const videos = useVideos({ game: id });
  const tournaments = useTournaments();
  if (game.data === undefined)
    return (
      <main className="page">
        <QueryState
          page
          query={game}
          pending={<Skeleton height={280} />}
          failure={(error) => (error instanceof ApiError && error.status === 404 ? { text: t("game_not_found"), retry: false } : error.message)}
        />
      </main>
    );
  const { name, description, portraitImage, landscapeImage } = game.data;
  const ofGame = (tournaments.data ?? []).filter((tournament) => tournament.gameID === id);
  return (
    <main className="page game-page">
      <header className="game-header">
        <img className="game-banner" src={portraitImage} alt="" />
        <div className="game-header-body">
          <img className="game-poster" src={landscapeImage} alt="" width={240} height={135} />
          <div className="game-header-text">
            <h1>{name}</h1>
            <p className={expanded ? "game-description" : "game-description game-description-clamped"}>{description}</p>
            {description.length > 240 ? (
              <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
                {expanded ? t("read_less") : t("read_more")}
              </button>
            ) : null}
          </div>
        </div>
      </header>
      <Tabs
        label={name}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "live", label: t("tab_live_channels") },
          { id: "videos", label: t("tab_videos") },
          { id: "clips", label: t("tab_clips") },
          { id: "tournaments", label: t("tab_tournaments") },
        ]}
      />
      <div role="tabpanel" className="search-grid" aria-label={t(tab === "live" ? "tab_live_channels" : tab === "videos" ? "tab_videos" : tab === "clips" ? "tab_clips" : "tab_tournaments")}>
        {tab === "live" ? (
          <List loading={lives.isPending} empty={t("no_live_for_game", { game: name })} items={(lives.data ?? []).map((stream) => <StreamCard key={stream.channelArn} stream={stream} />)} />
        ) : null}
        {tab === "videos" ? <List loading={videos.isPending} empty={t("no_videos")} items={(videos.data ?? []).map((replay) => <ReplayCard key={replay.id} replay={replay} />)} /> : null}
        {tab === "clips" ? <ClipsList game={id} /> : null}
        {tab === "tournaments" ? (
          <List
            loading={tournaments.isPending}
            empty={t("no_tournaments_for_game", { game: name })}
            items={ofGame.map((tournament) => <TournamentCard key={tournament.id} tournament={tournament} />)}
          />
        ) : null}
      </div>
    </main>
  );
}
