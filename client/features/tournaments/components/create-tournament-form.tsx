import { useNavigate } from "@tanstack/react-router";
import clsx from "clsx";
import { Search } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { TextField } from "../../../components/text-field.tsx";
import type { CreateTournamentSchema } from "../../../../server/tournaments/schemas.ts";
import { ApiError, type FormFields } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { useCreateTournament } from "../api/mutations.ts";
import { type Game, useGames, useGameSearch } from "../../../data/games.ts";
import type { Structure } from "../api/types.ts";
import { fromLocalInput } from "../../../lib/format.ts";
import { FORMATS, SIZES } from "../../../../shared/tournaments.ts";
import { DEFAULT_SIZE, GAME_TILES, NAME_MIN, timeZones } from "../lib/format.ts";
import { SwissFields } from "./swiss-fields.tsx";
import "../../../styles/tournaments.css";
import "../../../i18n/screens/tournaments-ui.ts";

type Errors = Record<string, string>;

const OTHER_GAME = "other";

/**
 * Spec 02 §8: the server's errorMessage when it gave one, the network text when nothing answered, else
 * "Error creating tournament". An unknown server error (code "internal") says nothing useful: the fallback.
 */
function createFailure(error: Error, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t("create_failed");
  if (error.status === 0) return t("network_error");
  const told = error.details.errorMessage;
  return typeof told === "string" && told.trim() && error.details.code !== "internal" ? told : t("create_failed");
}

export function CreateTournamentForm() {
  const { t } = useTranslation("tournaments-ui");
  const navigate = useNavigate();
  const games = useGames();
  const create = useCreateTournament();
  const zones = useMemo(timeZones, []);
  const [game, setGame] = useState<Game | null>(null);
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState("");
  const search = useGameSearch(searching ? query : "");
  const [name, setName] = useState("");
  const [format, setFormat] = useState<Structure>("s_elim");
  const [size, setSize] = useState(DEFAULT_SIZE.s_elim);
  const [isTeam, setIsTeam] = useState(false);
  const [teamSize, setTeamSize] = useState(2);
  const [poster, setPoster] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [rules, setRules] = useState("");
  const [prize, setPrize] = useState("");
  const [gameMode, setGameMode] = useState("");
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [timeZone, setTimeZone] = useState("UTC");
  const [stream, setStream] = useState(true);
  /** Swiss only: "" for the default number of rounds. */
  const [swissRounds, setSwissRounds] = useState("");
  const [topCut, setTopCut] = useState<number>(0);
  const [errors, setErrors] = useState<Errors>({});

  // The catalogue's ids follow its curated order (the most played esports first): those make the tiles;
  // the list holds the rest in the server's alphabetical order.
  const tiles = [...(games.data ?? [])].sort((a, b) => a.id - b.id).slice(0, GAME_TILES);
  const listed = (games.data ?? []).filter((g) => !tiles.includes(g));
  const chooseFromList = (value: string) => {
    if (value === OTHER_GAME) return setSearching(true);
    const chosen = games.data?.find((g) => String(g.id) === value);
    if (chosen) setGame(chosen);
  };
  const chooseFormat = (next: Structure) => {
    setFormat(next);
    if (!SIZES[next].includes(size)) setSize(DEFAULT_SIZE[next]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (name.trim().length < NAME_MIN) found.tournamentName = t("name_required");
    if (!game) found.gameID = t("game_required");
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    const fields: FormFields<typeof CreateTournamentSchema> = {
      tournamentName: name.trim(),
      format,
      size: String(size),
      isTeam: String(isTeam),
      teamSize: String(isTeam ? teamSize : 1),
      gameID: String(game!.id),
      gameName: game!.name,
      gameMode,
      stream: String(stream),
      description,
      rules,
      prize,
      attentionNote: description,
      howItWorks: rules,
      startDate: fromLocalInput(startDate),
      endDate: fromLocalInput(endDate),
      timeZone,
      ...(format === "swiss" ? { topCut: String(topCut), ...(swissRounds ? { swissRounds } : {}) } : {}),
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (poster) form.append("file", poster);
    create.mutate(form, {
      onSuccess: (answer) => {
        const id = answer.id ?? answer._id ?? answer.tournamentId;
        if (!id) return toast.error(t("created_no_id"));
        toast.success(t("created"));
        void navigate({ to: "/dashboard/$id", params: { id } });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.length) setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.msg])));
        toast.error(createFailure(error, t));
      },
    });
  };

  return (
    <form className="t-form" onSubmit={submit} noValidate>
      <fieldset className="t-fieldset">
        <legend>{t("choose_game")}</legend>
        <div className="game-tiles" role="group" aria-label={t("choose_game")}>
          {games.isPending
            ? Array.from({ length: GAME_TILES }, (_, i) => <Skeleton key={i} height={160} />)
            : tiles.map((g) => (
                <button key={g.id} type="button" className={clsx("game-tile", game?.id === g.id && "game-tile-selected")} aria-pressed={game?.id === g.id} onClick={() => setGame(g)}>
                  <img src={g.portraitImage} alt="" loading="lazy" onError={(e) => (e.currentTarget.style.visibility = "hidden")} />
                  <span>{g.name}</span>
                </button>
              ))}
          <button type="button" className={clsx("game-tile game-tile-search", searching && "game-tile-selected")} aria-pressed={searching} onClick={() => setSearching((v) => !v)}>
            <Search size={32} aria-hidden />
            <span>{t("search_game")}</span>
          </button>
        </div>
        <div className="field game-more">
          <label htmlFor="t-more-games">{t("more_games")}</label>
          {/* The rest of the catalogue; "Other Game" opens the search (spec 02 §2). */}
          <select id="t-more-games" value={game && !tiles.some((g) => g.id === game.id) ? String(game.id) : ""} onChange={(e) => chooseFromList(e.target.value)}>
            <option value="" disabled>
              {t("more_games_placeholder")}
            </option>
            {listed.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
            <option value={OTHER_GAME}>{t("other_game")}</option>
          </select>
        </div>
        {searching ? (
          <div className="game-search">
            <TextField label={t("search_game")} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
            {query.trim() ? (
              <ul className="game-results" aria-label={t("search_results")}>
                {(search.data ?? []).map((g) => (
                  <li key={g.id}>
                    <button type="button" className={clsx("game-result", game?.id === g.id && "game-tile-selected")} aria-pressed={game?.id === g.id} onClick={() => setGame(g)}>
                      <img src={g.icon} alt="" width={24} height={24} /> {g.name}
                    </button>
                  </li>
                ))}
                {search.data && search.data.length === 0 ? <li className="muted small">{t("no_game_found")}</li> : null}
              </ul>
            ) : null}
          </div>
        ) : null}
        {game ? <p className="small">{t("selected_game", { name: game.name })}</p> : null}
        {errors.gameID ? (
          <p className="field-error" role="alert">
            {errors.gameID}
          </p>
        ) : null}
      </fieldset>

      <TextField label={t("name")} value={name} onChange={(e) => setName(e.target.value)} error={errors.tournamentName} required maxLength={100} />
      <div className="grid-2">
        <div className="field">
          <label htmlFor="t-format">{t("format")}</label>
          <select id="t-format" value={format} onChange={(e) => chooseFormat(e.target.value as Structure)}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`format_${f}`)}
              </option>
            ))}
          </select>
          {errors.format ? <p className="field-error">{errors.format}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="t-size">{t("size")}</label>
          <select id="t-size" value={size} onChange={(e) => setSize(Number(e.target.value))}>
            {SIZES[format].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {errors.size ? <p className="field-error">{errors.size}</p> : null}
        </div>
      </div>
      {format === "swiss" ? <SwissFields idPrefix="t" size={size} rounds={swissRounds} topCut={topCut} onRounds={setSwissRounds} onTopCut={setTopCut} errors={errors} /> : null}
      <div className="grid-2">
        <Checkbox label={t("team_mode")} checked={isTeam} onChange={(e) => setIsTeam(e.target.checked)} />
        {isTeam ? <TextField label={t("team_size")} type="number" min={1} max={10} value={teamSize} onChange={(e) => setTeamSize(Number(e.target.value) || 1)} error={errors.teamSize} /> : null}
      </div>
      <div className="field">
        <label htmlFor="t-poster">{t("poster")}</label>
        <input id="t-poster" type="file" accept="image/*" onChange={(e) => setPoster(e.target.files?.[0] ?? null)} />
        {errors.file ? <p className="field-error">{errors.file}</p> : null}
      </div>
      <TextField label={t("game_mode")} value={gameMode} onChange={(e) => setGameMode(e.target.value)} error={errors.gameMode} />
      <div className="field">
        <label htmlFor="t-description">{t("description")}</label>
        <textarea id="t-description" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
        {errors.description ? <p className="field-error">{errors.description}</p> : null}
      </div>
      <div className="field">
        <label htmlFor="t-rules">{t("rules")}</label>
        <textarea id="t-rules" rows={4} value={rules} onChange={(e) => setRules(e.target.value)} />
        {errors.rules ? <p className="field-error">{errors.rules}</p> : null}
      </div>
      <TextField label={t("prize")} value={prize} onChange={(e) => setPrize(e.target.value)} error={errors.prize} />
      <div className="grid-2">
        <TextField label={t("start_date")} type="datetime-local" value={startDate} onChange={(e) => setStartDate(e.target.value)} error={errors.startDate} />
        <TextField label={t("end_date")} type="datetime-local" value={endDate} onChange={(e) => setEndDate(e.target.value)} error={errors.endDate} />
      </div>
      <div className="field">
        <label htmlFor="t-zone">{t("timezone")}</label>
        <select id="t-zone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        {errors.timeZone ? <p className="field-error">{errors.timeZone}</p> : null}
      </div>
      <Checkbox label={t("stream")} checked={stream} onChange={(e) => setStream(e.target.checked)} />
      <div className="row">
        <Button type="submit" busy={create.isPending} busyLabel={t("creating")}>
          {t("create")}
        </Button>
      </div>
    </form>
  );
}
