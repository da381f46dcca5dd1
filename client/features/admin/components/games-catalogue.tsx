import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { type AdminGame, adminCalls, type GameTexts, useAdminCall, useAdminGames } from "../api/site.ts";
import "../../../i18n/screens/admin.ts";

const PICTURES = ["icon", "portrait", "landscape"] as const;
type Picture = (typeof PICTURES)[number];
const blank: GameTexts = { name: "", shortName: "", descriptionFr: "", descriptionEn: "" };

/** The games catalogue: add a title, edit one, hide or show it, and give it an icon and posters. */
export function GamesCatalogue() {
  const { t } = useTranslation("admin");
  const games = useAdminGames();
  const [editing, setEditing] = useState<AdminGame | "new">();
  return (
    <section>
      <h2>{t("games_title")}</h2>
      <Button variant="secondary" onClick={() => setEditing("new")}>
        {t("game_add")}
      </Button>
      {editing ? (
        <GameForm key={editing === "new" ? "new" : editing.id} game={editing === "new" ? undefined : editing} onDone={(game) => setEditing(game)} onClose={() => setEditing(undefined)} />
      ) : null}
      <QueryState query={games} pending={<Skeleton height={160} />} failure={t("load_failed")}>
        {(data) => (
          <ul className="admin-games">
            {data.games.map((game) => (
              <GameRow key={game.id} game={game} onEdit={() => setEditing(game)} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function GameRow({ game, onEdit }: { game: AdminGame; onEdit: () => void }) {
  const { t } = useTranslation("admin");
  const hide = useAdminCall(adminCalls.setGameHidden, { onSuccess: (answer) => toast.success(t(answer.game.hidden ? "game_hidden" : "game_shown")), onError: (e) => toast.error(e.message) });
  return (
    <li className="admin-game">
      <img src={game.icon} alt="" width={40} height={40} loading="lazy" />
      <span className="admin-game-name">
        {game.name} {game.hidden ? <Badge tone="neutral">{t("game_hidden_badge")}</Badge> : null}
      </span>
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t("game_edit_named", { name: game.name })}>
        {t("game_edit")}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        busy={hide.isPending}
        onClick={() => hide.mutate({ id: game.id, hidden: !game.hidden })}
        aria-label={t(game.hidden ? "game_show_named" : "game_hide_named", { name: game.name })}
      >
        {t(game.hidden ? "game_show" : "game_hide")}
      </Button>
    </li>
  );
}

/** Adding a game first saves its texts; its pictures are uploaded on the saved game (each replaces the placeholder). */
function GameForm({ game, onDone, onClose }: { game?: AdminGame; onDone: (game: AdminGame) => void; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const [texts, setTexts] = useState<GameTexts>(game ? { name: game.name, shortName: game.shortName, descriptionFr: game.descriptionFr, descriptionEn: game.descriptionEn } : blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  // Opened from far down the list: the form comes into view.
  useEffect(() => {
    // Braces: scrollIntoView returns a promise in recent browsers, and an effect may only return its cleanup.
    form.current?.scrollIntoView({ block: "nearest" });
  }, []);
  const failed = (e: Error) => (e instanceof ApiError && e.fields.length ? setErrors(Object.fromEntries(e.fields.map((f) => [f.field, f.msg]))) : toast.error(e.message));
  const save = useAdminCall((input: GameTexts) => (game ? adminCalls.editGame({ id: game.id, ...input }) : adminCalls.addGame(input)), {
    onSuccess: (answer) => {
      toast.success(t("game_saved"));
      onDone(answer.game);
    },
    onError: failed,
  });
  // A picture's refusal is said under that picture (its field is the file, which the text form does not show).
  const [pictureError, setPictureError] = useState<{ picture: Picture; message: string } | null>(null);
  const upload = useAdminCall(adminCalls.gamePicture, {
    onSuccess: (answer) => {
      toast.success(t("game_picture_saved"));
      onDone(answer.game);
    },
    onError: (e, { picture }) => setPictureError({ picture, message: e.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(texts);
  };
  const field = (name: keyof GameTexts, max: number) => (
    <TextField label={t(`game_${name}`)} value={texts[name]} maxLength={max} error={errors[name]} onChange={(event) => setTexts({ ...texts, [name]: event.target.value })} />
  );
  return (
    <form ref={form} className="admin-game-form" onSubmit={submit} aria-label={game ? t("game_edit_named", { name: game.name }) : t("game_add")}>
      {field("name", 80)}
      {field("shortName", 20)}
      {field("descriptionFr", 2000)}
      {field("descriptionEn", 2000)}
      <div className="admin-row">
        <Button type="submit" busy={save.isPending}>
          {t("save")}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t("close")}
        </Button>
      </div>
      {game ? (
        <div className="admin-row admin-game-pictures">
          {PICTURES.map((picture) => {
            const src = picture === "icon" ? game.icon : picture === "portrait" ? game.portraitImage : game.landscapeImage;
            return (
              <figure key={picture}>
                <img src={src} alt={t(`game_picture_${picture}`)} height={64} loading="lazy" />
                <label className="btn btn-secondary btn-sm admin-file">
                  {t(`game_upload_${picture}`)}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      setPictureError(null);
                      if (file) upload.mutate({ id: game.id, picture, file });
                    }}
                  />
                </label>
                {pictureError?.picture === picture ? (
                  <p className="field-error" role="alert">
                    {pictureError.message}
                  </p>
                ) : null}
              </figure>
            );
          })}
        </div>
      ) : (
        <p className="muted">{t("game_pictures_after_save")}</p>
      )}
    </form>
  );
}
