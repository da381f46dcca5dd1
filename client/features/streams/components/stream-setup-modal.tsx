import { Link, useNavigate } from "@tanstack/react-router";
import { CircleHelp, Video } from "lucide-react";
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Checkbox } from "../../../components/checkbox.tsx";
import { Modal } from "../../../components/modal.tsx";
import { QueryFailure } from "../../../components/query-state.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { sessionStore, useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { type Game, useGames } from "../../../data/games.ts";
import { type StreamCredentials, useStartStreaming } from "../api/start-streaming.ts";
import { facebookShareUrl, streamPageUrl } from "../share-links.ts";
import { useIsPhone } from "../use-is-phone.ts";
import { CopyField } from "../../../components/copy-field.tsx";
import { GameSelect } from "./game-select.tsx";
import { TagInput } from "./tag-input.tsx";
import "../../../styles/streams.css";
import "../../../i18n/screens/streams.ts";

// Its own chunk, loaded when the streamer asks for it: WebRTC and the camera are for the few who go live without OBS.
const BrowserLivePanel = lazy(() => import("./browser-live-panel.tsx").then((module) => ({ default: module.BrowserLivePanel })));

interface Errors {
  title?: string;
  game?: string;
  description?: string;
  tags?: string;
}

/**
 * The stream setup (spec 01 §2, §4, §5): step 1 'Get started' (title, game, tags, description), then
 * step 2 'Live Stream Setup' with the OBS server address and stream key. Done goes to the own stream.
 */
/** `srtPanel`: the SRT switch and address (issue 37, item 4), the settings feature's, given by the page that composes both. */
export function StreamSetupModal({ onClose, srtPanel }: { onClose: () => void; srtPanel?: ReactNode }) {
  const { t } = useTranslation("streams");
  const [credentials, setCredentials] = useState<StreamCredentials | null>(null);
  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      title={
        <span className="setup-heading">
          <span>{t("go_live")}</span>
          <span className="setup-step">{t("step", { step: credentials ? 2 : 1, total: 2, title: credentials ? t("setup_title") : t("get_started_title") })}</span>
        </span>
      }
    >
      {credentials ? <CredentialsStep credentials={credentials} onClose={onClose} srtPanel={srtPanel} /> : <DetailsStep onStarted={setCredentials} />}
    </Modal>
  );
}

function DetailsStep({ onStarted }: { onStarted: (credentials: StreamCredentials) => void }) {
  const { t } = useTranslation("streams");
  const games = useGames();
  const start = useStartStreaming();
  const descriptionId = useId();
  const [title, setTitle] = useState("");
  const [game, setGame] = useState<Game | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!title.trim()) found.title = t("title_required");
    if (!game) found.game = t("game_required");
    setErrors(found);
    if (found.title || found.game || !game) return;
    start.mutate(
      { title: title.trim(), gameId: game.id, description: description.trim(), tags },
      {
        onSuccess: onStarted,
        // A 401 has ended the session in `api()`; the go-live modal then closes and says so (shell/go-live.tsx).
        onError: (error) => {
          if (error instanceof ApiError && error.fields.length) {
            const fromServer: Errors = {};
            for (const field of error.fields) {
              const key = field.field === "gameId" ? "game" : (field.field.split(".")[0] as keyof Errors);
              fromServer[key] ??= field.code === "title_required" ? t("title_required") : field.code === "game_required" ? t("game_required") : field.msg;
            }
            setErrors(fromServer);
            if (fromServer.tags) toast.error(fromServer.tags);
            return;
          }
          toast.error(error instanceof ApiError ? error.message : t("start_failed"));
        },
      },
    );
  };

  return (
    <form className="setup-form" onSubmit={submit} noValidate>
      <TextField
        label={t("title_label")}
        value={title}
        maxLength={140}
        error={errors.title}
        autoComplete="off"
        onChange={(event) => {
          setTitle(event.target.value);
          if (errors.title) setErrors({ ...errors, title: undefined });
        }}
      />
      <GameSelect
        label={t("game_label")}
        games={games.data ?? []}
        loading={games.isPending}
        value={game}
        error={errors.game}
        onChange={(chosen) => {
          setGame(chosen);
          if (chosen && errors.game) setErrors({ ...errors, game: undefined });
        }}
      />
      {/* The picker says it is loading; a failure is said under it. */}
      {games.isError ? <QueryFailure failure={{ text: t("games_failed") }} busy={games.isFetching} onRetry={() => void games.refetch()} /> : null}
      <TagInput label={t("tags_label")} tags={tags} onChange={setTags} />
      <div className={errors.description ? "field field-invalid" : "field"}>
        <label htmlFor={descriptionId}>{t("description_label")}</label>
        <textarea id={descriptionId} rows={3} maxLength={2000} value={description} onChange={(event) => setDescription(event.target.value)} />
        {errors.description ? <p className="field-error">{errors.description}</p> : null}
      </div>
      <div className="setup-actions">
        <Button type="submit" busy={start.isPending} busyLabel={t("submitting")}>
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}

function CredentialsStep({ credentials, onClose, srtPanel }: { credentials: StreamCredentials; onClose: () => void; srtPanel?: ReactNode }) {
  const { t } = useTranslation("streams");
  const navigate = useNavigate();
  const me = useSession().user;
  const phone = useIsPhone();
  const [shareToFacebook, setShareToFacebook] = useState(true);
  const [fromBrowser, setFromBrowser] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // The submit button that had the focus is gone: start the keyboard on the first copy button.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>("[data-copy]")?.focus();
  }, []);

  // Logged out meanwhile (another tab): nothing here is theirs any more.
  useEffect(() => {
    if (!me) onClose();
  }, [me, onClose]);

  const done = () => {
    const username = me?.username ?? sessionStore.get().user?.username;
    if (!username) return onClose();
    if (shareToFacebook) {
      // Opened inside the click so the browser does not block it as a pop-up.
      window.open(facebookShareUrl(streamPageUrl(username)), "_blank", "noopener,noreferrer");
    }
    onClose();
    void navigate({ to: "/stream/$username", params: { username } });
  };

  return (
    <div ref={box} className="setup-credentials">
      <p className="muted small">{t("setup_intro")}</p>
      {phone ? (
        <CopyField label={t("combined_label")} value={`${credentials.injectionLink}/${credentials.streamKey}`} copyLabel={t("copy_combined")} secret />
      ) : (
        <>
          <CopyField label={t("server_label")} value={credentials.injectionLink} copyLabel={t("copy_server")} />
          <CopyField label={t("key_label")} value={credentials.streamKey} copyLabel={t("copy_key")} secret />
        </>
      )}
      <p className="field-hint">{t("key_warning")}</p>
      <p className="field-hint">{t("obs_output_hint")}</p>
      {srtPanel}
      {fromBrowser ? (
        <Suspense fallback={null}>
          <BrowserLivePanel streamKey={credentials.streamKey} />
        </Suspense>
      ) : (
        <Button variant="secondary" icon={<Video size={16} aria-hidden />} onClick={() => setFromBrowser(true)}>
          {t("browser_live_open")}
        </Button>
      )}
      <Checkbox label={t("share_facebook")} checked={shareToFacebook} onChange={(event) => setShareToFacebook(event.target.checked)} />
      <div className="setup-actions setup-actions-split">
        <Link to="/how-to-stream" className="setup-help" onClick={onClose}>
          <CircleHelp size={16} aria-hidden />
          {t("how_to_stream")}
        </Link>
        <Button onClick={done}>{t("done")}</Button>
      </div>
    </div>
  );
}
