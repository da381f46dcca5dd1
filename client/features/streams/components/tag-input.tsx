import { X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import "../../../i18n/screens/streams.ts";

const MAX_TAGS = 5;
const MAX_TAG_LENGTH = 30;

interface TagInputProps {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/**
 * Free-text tags as chips (spec 01 §2, §5): Enter or leaving the field confirms one; empty and
 * repeated tags are not added; once there are 5 the field goes away until one is removed.
 */
export function TagInput({ label, tags, onChange }: TagInputProps) {
  const { t } = useTranslation("streams");
  const id = useId();
  const [draft, setDraft] = useState("");
  const full = tags.length >= MAX_TAGS;

  const confirm = () => {
    const tag = draft.trim().replace(/^#+/, "").slice(0, MAX_TAG_LENGTH).trim();
    setDraft("");
    if (!tag || full || tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    onChange([...tags, tag]);
  };

  return (
    <div className="field tag-input">
      <label htmlFor={full ? undefined : id} id={`${id}-label`}>
        {label}
      </label>
      <div className="tag-input-box" role="group" aria-labelledby={`${id}-label`}>
        {tags.map((tag) => (
          <span key={tag} className="tag-chip">
            <span>{tag}</span>
            <button type="button" className="tag-chip-remove" aria-label={t("tag_remove", { tag })} title={t("tag_remove", { tag })} onClick={() => onChange(tags.filter((other) => other !== tag))}>
              <X size={14} aria-hidden />
            </button>
          </span>
        ))}
        {full ? null : (
          <input
            id={id}
            value={draft}
            maxLength={MAX_TAG_LENGTH}
            placeholder={tags.length ? "" : t("tags_placeholder")}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={confirm}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                confirm();
              } else if (event.key === "Backspace" && !draft && tags.length) {
                onChange(tags.slice(0, -1));
              }
            }}
          />
        )}
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {full ? t("tags_full", { count: MAX_TAGS }) : t("tags_hint", { count: tags.length, max: MAX_TAGS })}
      </p>
    </div>
  );
}
