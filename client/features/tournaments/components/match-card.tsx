import { Link } from "@tanstack/react-router";
import clsx from "clsx";
import { PlayCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { toast } from "../../../lib/ui.ts";
import { useEndMatch, useStartMatch } from "../api/mutations.ts";
import { useSetMatchScore } from "../api/stations.ts";
import type { Seed, Structure } from "../api/types.ts";
import { toScore } from "../../../../shared/tournaments.ts";
import { PLACEHOLDER_TIME } from "../lib/format.ts";
import { StationTag } from "./station-tag.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

interface MatchCardProps {
  seed: Seed;
  tournamentId: number;
  structure: Structure;
  isAdmin: boolean;
  /** The stream page's bracket: controls off whoever watches. */
  readOnly?: boolean;
  compact?: boolean;
}

/** The winner's index once a match is finished: the higher score (null for a draw or an open match). */
export function winnerIndex(seed: Seed): 0 | 1 | null {
  if (!seed.finished) return null;
  const [a, b] = seed.teams.map((team) => team.score ?? 0);
  return a! > b! ? 0 : b! > a! ? 1 : null;
}

export function MatchCard({ seed, tournamentId, structure, isAdmin, readOnly, compact }: MatchCardProps) {
  const { t } = useTranslation("tournaments-ui");
  const admin = isAdmin && !readOnly;
  const [scores, setScores] = useState<[string, string]>(["0", "0"]);
  const [dialog, setDialog] = useState<"start" | "end" | null>(null);
  const startMatch = useStartMatch(tournamentId);
  const endMatch = useEndMatch(tournamentId);
  const saveScore = useSetMatchScore(tournamentId);
  const card = useRef<HTMLElement>(null);
  const firstScore = useRef<HTMLInputElement>(null);
  // The Start and End buttons go away once they did their work, and focus with them: it goes on to
  // the first score of a started match, or stays on the card of a finished one, once the dialog is shut.
  const focusNext = useRef<"score" | "card" | null>(null);
  useEffect(() => {
    if (dialog !== null) return;
    if (focusNext.current === "score" && seed.playing && firstScore.current && !firstScore.current.disabled) {
      focusNext.current = null;
      firstScore.current.focus();
    } else if (focusNext.current === "card" && seed.finished) {
      focusNext.current = null;
      card.current?.focus();
    }
  }, [dialog, seed.playing, seed.finished]);

  const serverScores = seed.teams.map((team) => team.score ?? 0).join("-");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs reset when the match starts or stops or the server's scores change, not on every new seed object.
  useEffect(() => {
    // A match (re)started or read again: the inputs start from what the server holds.
    setScores([String(seed.teams[0]?.score ?? 0), String(seed.teams[1]?.score ?? 0)]);
  }, [seed.playing, serverScores]);

  // A finished match with one player is a Swiss bye (issue 19).
  const names = seed.teams.map((team) => team.player?.name ?? (seed.finished ? t("bye") : admin ? t("slot_select") : t("slot_tba")));
  const [a, b] = [names[0] ?? t("slot_tba"), names[1] ?? t("slot_tba")];
  const bothPresent = seed.teams.length === 2 && seed.teams.every((team) => team.playerID !== null);
  const winner = winnerIndex(seed);
  const equal = toScore(scores[0]) === toScore(scores[1]);
  const blockEqual = equal && structure !== "robin";

  const onStart = () =>
    startMatch.mutate(seed.id, {
      onSuccess: () => {
        focusNext.current = "score";
        setDialog(null);
      },
      onError: (error) => toast.error(error.message),
    });
  const onEnd = () => {
    const s1 = toScore(scores[0]);
    const s2 = toScore(scores[1]);
    const winnerID = s1 > s2 ? seed.teams[0]?.playerID : s2 > s1 ? seed.teams[1]?.playerID : undefined;
    endMatch.mutate(
      { matchID: seed.id, scorePlayer1: s1, scorePlayer2: s2, ...(winnerID ? { winnerID } : {}) },
      {
        onSuccess: () => {
          focusNext.current = "card";
          setDialog(null);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const onSaveScore = () => {
    const [s1, s2] = [toScore(scores[0]), toScore(scores[1])];
    saveScore.mutate(
      { matchID: seed.id, scorePlayer1: s1, scorePlayer2: s2 },
      { onSuccess: () => toast.success(t("score_saved_toast", { a, b, score: `${s1}–${s2}` })), onError: (error) => toast.error(error.message) },
    );
  };
  const scoreChanged = `${toScore(scores[0])}-${toScore(scores[1])}` !== serverScores;

  return (
    <article
      className={clsx("match-card", compact && "match-card-compact", seed.playing && "match-card-playing", seed.finished && "match-card-finished")}
      data-match-id={seed.id}
      aria-label={t("match_label", { a, b })}
      ref={card}
      tabIndex={-1}
    >
      {[0, 1].map((index) => {
        const team = seed.teams[index];
        const name = names[index] ?? t("slot_tba");
        return (
          <div key={index} className={clsx("match-team", winner !== null && winner !== index && "match-team-loser", winner === index && "match-team-winner", !team?.player && "match-team-empty")}>
            {team?.player ? <Avatar name={team.player.name} image={team.player.avatar} size={compact ? 20 : 24} /> : <span className="match-team-dot" aria-hidden />}
            <span className="match-team-name" title={name}>
              {name}
            </span>
            <input
              ref={index === 0 ? firstScore : undefined}
              className="match-score"
              type="number"
              inputMode="numeric"
              min={0}
              aria-label={t("score_of", { name })}
              value={admin && seed.playing ? scores[index] : String(team?.score ?? "")}
              placeholder="–"
              disabled={!(admin && seed.playing)}
              onChange={(event) => setScores((current) => (index === 0 ? [event.target.value, current[1]] : [current[0], event.target.value]))}
            />
          </div>
        );
      })}
      <footer className="match-footer">
        {seed.station ? (
          <StationTag station={seed.station} />
        ) : seed.playedAt ? (
          // Over: the station it was played at, without its channel (the stream has moved on; the replay link below is the match's).
          <StationTag station={{ name: seed.playedAt, channel: null }} />
        ) : (
          <span className="match-time">{PLACEHOLDER_TIME}</span>
        )}
        {seed.playing ? <span className="match-status match-status-playing">{t("match_playing")}</span> : seed.finished ? <span className="match-status">{t("match_finished")}</span> : null}
        {admin && bothPresent && !seed.playing && !seed.finished ? (
          <Button size="sm" className="match-action" onClick={() => setDialog("start")}>
            {t("match_start")}
          </Button>
        ) : null}
        {admin && bothPresent && seed.playing && scoreChanged ? (
          <Button size="sm" variant="secondary" className="match-action" busy={saveScore.isPending} onClick={onSaveScore}>
            {t("save_score")}
          </Button>
        ) : null}
        {admin && bothPresent && seed.playing ? (
          <Button size="sm" variant="danger" className="match-action" onClick={() => setDialog("end")}>
            {t("match_end")}
          </Button>
        ) : null}
      </footer>
      {seed.replay ? <MatchReplayLink replay={seed.replay} a={a} b={b} /> : null}
      <Modal
        open={dialog !== null}
        onClose={() => setDialog(null)}
        size="sm"
        title={dialog === "start" ? t("start_dialog_title") : t("end_dialog_title")}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {t("cancel")}
            </Button>
            {dialog === "start" ? (
              <Button busy={startMatch.isPending} onClick={onStart}>
                {t("start_game")}
              </Button>
            ) : blockEqual ? null : (
              <Button variant="danger" busy={endMatch.isPending} onClick={onEnd}>
                {t("end_game")}
              </Button>
            )}
          </>
        }
      >
        {dialog === "start" ? (
          <p>{t("start_dialog_text", { a, b })}</p>
        ) : (
          <>
            <p>{t("end_dialog_text", { a, b })}</p>
            <p className="match-dialog-score tabular">
              {a} {toScore(scores[0])} – {toScore(scores[1])} {b}
            </p>
            {blockEqual ? (
              <p className="field-error" role="alert">
                {t("score_equal")}
              </p>
            ) : null}
          </>
        )}
      </Modal>
    </article>
  );
}

/** The match's own replay (issue 18, item 3): a link once cut, marked when the live missed part of the match. */
function MatchReplayLink({ replay, a, b }: { replay: NonNullable<Seed["replay"]>; a: string; b: string }) {
  const { t } = useTranslation("tournaments-ui");
  if (replay.status === "failed") return null;
  if (replay.status === "processing") return <p className="match-replay muted small">{t("match_replay_processing")}</p>;
  return (
    <Link to="/replay/$replayId" params={{ replayId: replay.id }} className="match-replay" aria-label={t("match_replay_named", { a, b })}>
      <PlayCircle size={16} aria-hidden /> {replay.partial ? t("match_replay_partial") : t("match_replay")}
    </Link>
  );
}
