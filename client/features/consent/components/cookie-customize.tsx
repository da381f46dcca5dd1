import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Modal } from "../../../components/modal.tsx";
import { type ConsentChoices, saveConsent } from "../consent.ts";
import { ConsentSwitches } from "./consent-switches.tsx";
import "../../../i18n/screens/consent.ts";

interface CookieCustomizeProps {
  /** The banner keeps them, so switches set, cancelled and opened again are as they were left. */
  choices: ConsentChoices;
  onChange: (choices: ConsentChoices) => void;
  onClose: () => void;
}

/** The banner's Customize dialog: one switch a purpose, saved as chosen. Loaded when first opened (cookie-banner.tsx). */
export function CookieCustomize({ choices, onChange, onClose }: CookieCustomizeProps) {
  const { t } = useTranslation("consent");
  return (
    <Modal
      open
      onClose={onClose}
      title={t("customize_title")}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button
            onClick={() => {
              saveConsent(choices);
              onClose();
            }}
          >
            {t("save")}
          </Button>
        </>
      }
    >
      <p className="muted consent-intro">{t("customize_text")}</p>
      <ConsentSwitches value={choices} onChange={onChange} />
    </Modal>
  );
}
