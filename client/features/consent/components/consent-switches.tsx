import { useTranslation } from "react-i18next";
import { Switch } from "../../../components/switch.tsx";
import type { ConsentChoices } from "../consent.ts";
import "../../../i18n/screens/consent.ts";

/** The four switches of spec 01 §2; "necessary" is always on and cannot be changed. */
export function ConsentSwitches({ value, onChange }: { value: ConsentChoices; onChange: (value: ConsentChoices) => void }) {
  const { t } = useTranslation("consent");
  return (
    <div className="consent-switches">
      <Switch label={t("necessary")} description={t("necessary_text")} checked disabled onChange={() => undefined} />
      {(["analytics", "marketing", "preferences"] as const).map((kind) => (
        <Switch key={kind} label={t(kind)} description={t(`${kind}_text`)} checked={value[kind]} onChange={(checked) => onChange({ ...value, [kind]: checked })} />
      ))}
    </div>
  );
}
