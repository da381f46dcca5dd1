import { Camera, ImageUp } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { sessionStore } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { useUploadImage } from "../api/profile-changes.ts";
import "../../../i18n/screens/community.ts";

/**
 * Change Avatar / Change Banner: the upload starts as soon as an image is chosen (spec 01 §2).
 * "overlay" sits on the profile's picture; "button" is a plain button for forms such as /settings.
 */
export function ImageUpload({ kind, look = "overlay" }: { kind: "avatar" | "banner"; look?: "overlay" | "button" }) {
  const { t } = useTranslation("community");
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage(kind, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      const session = sessionStore.get();
      if (session.user && "avatar" in answer) sessionStore.set({ ...session, user: { ...session.user, avatar: answer.avatar } });
    },
    onError: (error) => toast.error(error.message),
  });
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) upload.mutate(file);
    event.target.value = "";
  };
  const label = kind === "avatar" ? t("change_avatar") : t("change_banner");
  const className = look === "overlay" ? `profile-upload profile-upload-${kind}` : "btn btn-secondary";
  return (
    <>
      <input ref={input} type="file" accept="image/*" hidden onChange={onChange} aria-label={label} />
      <button type="button" className={className} disabled={upload.isPending} title={label} onClick={() => input.current?.click()}>
        {kind === "avatar" ? <Camera size={16} aria-hidden /> : <ImageUp size={16} aria-hidden />}
        <span>{upload.isPending ? t("uploading") : label}</span>
      </button>
    </>
  );
}
