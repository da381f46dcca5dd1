import { useTranslation } from "react-i18next";
import { useTournaments } from "../../features/tournaments/api/queries.ts";
import { TournamentCard } from "../../features/tournaments/components/tournament-card.tsx";
import { useTrendingGames } from "../../data/games.ts";
import { useLiveStreams } from "../../features/discovery/api/discovery.ts";
import { CardRow } from "../../features/discovery/components/card-row.tsx";
import { GameCard } from "../../features/discovery/components/game-card.tsx";
import { LiveCarousel } from "../../features/discovery/components/live-carousel.tsx";
import { StreamCard } from "../../features/discovery/components/stream-card.tsx";
import "../../styles/discovery.css";
import "../../i18n/screens/discovery.ts";

const ROW = 6;
const TRENDING_GAMES = 12;

/** Home (spec 01 §2): the live carousel, then recommended tournaments, recommended lives and trending games. */
export function HomePage() {
  const { t } = useTranslation("discovery");
  const lives = useLiveStreams();
  const games = useTrendingGames(TRENDING_GAMES);
  const tournaments = useTournaments();
  // Tournaments worth joining or watching first: running, then open, newest first; finished ones last.
  const recommended = [...(tournaments.data ?? [])]
    .filter((tournament) => !tournament.isFinished)
    .sort((a, b) => Number(b.isActive) - Number(a.isActive))
    .slice(0, ROW);
  return (
    <main className="page home-page">
      <h1 className="sr-only">{t("home_title", { ns: "common" })}</h1>
      <LiveCarousel streams={lives.data} loading={lives.isPending} />
      <CardRow title={t("recommended_tournaments")} more={{ to: "/tournaments" }} loading={tournaments.isPending} empty={t("no_tournaments")} count={recommended.length} variant="tall">
        {recommended.map((tournament) => (
          <TournamentCard key={tournament.id} tournament={tournament} />
        ))}
      </CardRow>
      <CardRow title={t("recommended_lives")} loading={lives.isPending} empty={t("no_lives")} count={Math.min(ROW, lives.data?.length ?? 0)}>
        {(lives.data ?? []).slice(0, ROW).map((stream) => (
          <StreamCard key={stream.channelArn} stream={stream} />
        ))}
      </CardRow>
      <CardRow title={t("trending_games")} loading={games.isPending} empty={t("no_games")} count={games.data?.length ?? 0} variant="tall">
        {(games.data ?? []).map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </CardRow>
    </main>
  );
}
