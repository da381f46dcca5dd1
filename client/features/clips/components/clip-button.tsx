import { useNavigate } from "@tanstack/react-router";
import { Scissors } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { formatDuration } from "../../../lib/format.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { useCreateClip } from "../api/clip-changes.ts";
import { CLIP_DEFAULT_SECONDS, CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, CLIP_TITLE_MAX } from "../../../../shared/clips.ts";
import type { NewClip } from "../api/clips.ts";
import "../../../i18n/screens/clips.ts";
import "../../../i18n/screens/errors.ts";

/** What a clip is cut from: a channel's live, or a replay (its length, and where its player is now). */
type ClipTarget = { kind: "live"; username: string } | { kind: "replay"; replayId: number; duration: number; position?: () => number };

/** "Clip" under a player, for members: opens the dialog that keeps a moment, then shows the clip's page. */
export function ClipButton({ target }: { target: ClipTarget }) {
  const { t } = useTranslation("clips");
  const me = useSession().user;
  const [open, setOpen] = useState(false);
  if (!me) return null;
  return (
    <>
      <Button variant="secondary" size="sm" icon={<Scissors size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t("clip")}
      </Button>
      {open ? <ClipDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ClipDialog({ target, onClose }: { target: ClipTarget; onClose: () => void }) {
  const { t } = useTranslation("clips");
  const navigate = useNavigate();
  const create = useCreateClip();
  const formId = useId();
  const [title, setTitle] = useState("");
  const replayLength = target.kind === "replay" ? Math.floor(target.duration) : 0;
  const [seconds, setSeconds] = useState(target.kind === "live" ? CLIP_DEFAULT_SECONDS : Math.max(CLIP_MIN_SECONDS, Math.min(CLIP_DEFAULT_SECONDS, replayLength)));
  const lastStart = Math.max(0, replayLength - CLIP_MIN_SECONDS);
  const [start, setStart] = useState(() => (target.kind === "replay" ? Math.min(lastStart, Math.floor(target.position?.() ?? 0)) : 0));
  const longest = target.kind === "live" ? CLIP_MAX_SECONDS : Math.max(CLIP_MIN_SECONDS, Math.min(CLIP_MAX_SECONDS, replayLength - start));
  const length = Math.min(seconds, longest);
  const error = create.error?.message;

  const submit = () => {
    const named = title.trim() ? { title: title.trim() } : {};
    const input: NewClip =
      target.kind === "live" ? { source: "live", username: target.username, seconds: length, ...named } : { source: "replay", replayId: target.replayId, start, end: start + length, ...named };
    create.mutate(input, {
      onSuccess: (clip) => {
        toast.success(t("clip_started"));
        onClose();
        void navigate({ to: "/clip/$clipId", params: { clipId: clip.id } });
      },
    });
  };

  return (
    <Modal
      open
      onClose={() => !create.isPending && onClose()}
      title={t("dialog_title")}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            {t("cancel")}
          </Button>
          <Button type="submit" form={formId} busy={create.isPending} busyLabel={t("creating")} icon={<Scissors size={16} aria-hidden />}>
            {t("create")}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="clip-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField label={t("title")} placeholder={t("title_placeholder")} value={title} maxLength={CLIP_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
        {target.kind === "replay" ? <RangeField label={t("start", { time: formatDuration(start) })} min={0} max={lastStart} value={start} onChange={setStart} /> : null}
        <RangeField label={t("length", { seconds: length })} min={CLIP_MIN_SECONDS} max={longest} value={length} onChange={setSeconds} />
        <p className="muted small">{target.kind === "live" ? t("live_hint", { seconds: length }) : t("replay_hint", { from: formatDuration(start), to: formatDuration(start + length) })}</p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

function RangeField({ label, min, max, value, onChange }: { label: string; min: number; max: number; value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="field clip-range">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="range" min={min} max={max} step={1} value={value} onChange={(event) => onChange(Number(event.target.value))} />
    </div>
  );
}
