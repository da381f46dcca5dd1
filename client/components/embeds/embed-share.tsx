import { Share2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { embedCode, type EmbedKind } from "../../lib/embeds.ts";
import { Button } from "../button.tsx";
import { CopyField } from "../copy-field.tsx";
import { Modal } from "../modal.tsx";
import { useSiteName } from "./embed-frame.tsx";
import "../../styles/embeds.css";
import "../../i18n/screens/embeds.ts";

interface EmbedTarget {
  kind: EmbedKind;
  /** The channel's username, the tournament's id, the event's slug. */
  key: string | number;
  title: string;
}

/** Share → Embed: the code another site pastes to show each target, with a copy button. */
export function EmbedCodes({ targets }: { targets: EmbedTarget[] }) {
  const { t } = useTranslation("embeds");
  const site = useSiteName();
  return (
    <section className="embed-codes" aria-label={t("embed")}>
      <h3>{t("embed")}</h3>
      <p className="muted small">{t("embed_help", { site })}</p>
      {targets.map((target) => {
        const label = t(`code_${target.kind}`);
        return <CopyField key={target.kind} label={label} value={embedCode(target.kind, target.key, target.title)} copyLabel={t("copy_code", { label })} />;
      })}
    </section>
  );
}

/** A Share button for the pages whose only sharing is embedding (a tournament, an event). */
export function EmbedShareButton({ targets }: { targets: EmbedTarget[] }) {
  const { t } = useTranslation("embeds");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" icon={<Share2 size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t("share")}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("share_title")} size="sm">
        <EmbedCodes targets={targets} />
      </Modal>
    </>
  );
}
