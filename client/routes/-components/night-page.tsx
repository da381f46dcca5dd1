import { Link } from "@tanstack/react-router";
import { ArrowLeft, DoorOpen, ListOrdered, Monitor, Network, Tv } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar.tsx";
import { Badge } from "../../components/badge.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useTournamentEvents } from "../../features/tournaments/api/use-tournament-events.ts";
import { TournamentBracketForStream } from "../../features/tournaments/components/bracket-for-stream.tsx";
import { roundTitle } from "../../features/tournaments/lib/format.ts";
import { useEvent } from "../../features/events/api/get-event.ts";
import { type EventNight, useNight } from "./night-query.ts";
import "../../styles/events.css";
import "../../styles/tournaments.css";
import "../../i18n/screens/events-ui.ts";
import "../../i18n/screens/tournaments-ui.ts";

type Station = EventNight["stations"][number];
type Seed = NonNullable<Station["match"]>;

/**
 * /events/{slug}/night (issue 18, item 5): the night of a LAN in one place. The stations with their
 * matches and streams (live badge, watch link), the matches that come next, the bracket, and for the
 * organiser the door count. Kept current by the tournament's live events ("tournament:changed", a
 * station's channel going on or off air); the door count by a slow poll (the door has no live event).
 */
export function NightPage({ slug }: { slug: string }) {
  const { t } = useTranslation("events-ui");
  const event = useEvent(slug);
  const tournamentId = event.data?.tournamentId ?? null;
  useTournamentEvents(tournamentId);
  const night = useNight(slug, tournamentId);
  if (!event.data || !night.data)
    return (
      <main className="page">
        <QueryState page query={event.data ? night : event} pending={<Skeleton height={320} />} />
      </main>
    );
  const { tournament, stations, next, door } = night.data;
  return (
    <main className="page night-page">
      <header className="night-head">
        <Link to="/events/$slug" params={{ slug }} className="muted small night-back">
          <ArrowLeft size={16} aria-hidden /> {t("night_back")}
        </Link>
        <h1>{t("night_title", { name: event.data.name })}</h1>
        {door ? (
          <p className="night-door" role="status" aria-label={t("night_door_label")}>
            <DoorOpen size={20} aria-hidden />
            <span className="tabular">{t("night_door", { entered: door.entered, seats: door.seats })}</span>
          </p>
        ) : null}
      </header>
      {tournament ? (
        <>
          <section className="night-section" aria-labelledby="night-stations">
            <h2 id="night-stations">
              <Monitor size={18} aria-hidden /> {t("night_in_progress")}
            </h2>
            {stations.length === 0 ? (
              <p className="muted">{t("night_no_stations")}</p>
            ) : (
              <ul className="night-stations">
                {stations.map((station) => (
                  <StationCard key={station.id} station={station} />
                ))}
              </ul>
            )}
          </section>
          <section className="night-section" aria-labelledby="night-next">
            <h2 id="night-next">
              <ListOrdered size={18} aria-hidden /> {t("night_next")}
            </h2>
            {next.length === 0 ? (
              <p className="muted">{t("night_no_next")}</p>
            ) : (
              <ol className="night-next">
                {next.map(({ round, match }) => (
                  <NextMatch key={match.id} round={round} match={match} />
                ))}
              </ol>
            )}
          </section>
          <section className="night-section" aria-labelledby="night-bracket">
            <h2 id="night-bracket">
              <Network size={18} aria-hidden /> {t("night_bracket")}
            </h2>
            <TournamentBracketForStream tournamentId={tournament.id} />
          </section>
        </>
      ) : (
        <p className="muted">{t("night_no_tournament")}</p>
      )}
    </main>
  );
}

function names(match: Seed, tba: string): [string, string] {
  return [match.teams[0]?.player?.name ?? tba, match.teams[1]?.player?.name ?? tba];
}

/** A station: its match with the score once started, its channel's live badge and a link to watch. */
function StationCard({ station }: { station: Station }) {
  const { t } = useTranslation("events-ui");
  const { t: tt } = useTranslation("tournaments-ui");
  const match = station.match;
  const live = station.channel?.isLive === true;
  const [a, b] = match ? names(match, tt("slot_tba")) : ["", ""];
  return (
    <li className={`t-live-match night-station${live ? "" : " night-station-off"}`}>
      <div className="t-live-match-head">
        <strong>{station.name}</strong>
        {live ? <Badge tone="live">{tt("live")}</Badge> : match?.playing ? <Badge>{tt("match_playing")}</Badge> : null}
      </div>
      {match ? (
        <p className="t-live-match-players">
          <span>
            <Avatar name={a} image={match.teams[0]?.player?.avatar ?? null} size={20} /> {a}
          </span>
          <span className="tabular t-live-match-score">{match.playing ? `${match.teams[0]?.score ?? 0} – ${match.teams[1]?.score ?? 0}` : tt("versus")}</span>
          <span>
            <Avatar name={b} image={match.teams[1]?.player?.avatar ?? null} size={20} /> {b}
          </span>
        </p>
      ) : (
        <p className="muted small">{t("night_station_free")}</p>
      )}
      {station.channel ? (
        <Link
          className="btn btn-secondary btn-sm"
          to="/stream/$username"
          params={{ username: station.channel.username }}
          aria-label={match ? tt("watch_match_on", { a, b, username: station.channel.username }) : undefined}
        >
          <Tv size={16} aria-hidden /> {tt("watch_on", { username: station.channel.username })}
        </Link>
      ) : null}
    </li>
  );
}

function NextMatch({ round, match }: { round: string; match: Seed }) {
  const { t } = useTranslation("tournaments-ui");
  const [a, b] = names(match, t("slot_tba"));
  return (
    <li className="night-next-match">
      <span className="muted small">{roundTitle(round, t)}</span>
      <span className="night-next-players">
        {a} <span className="muted">{t("versus")}</span> {b}
      </span>
      {match.station ? <span className="muted small">{match.station.name}</span> : null}
    </li>
  );
}
