import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal.tsx";
import { Spinner } from "../../../components/spinner.tsx";

/** The Go Live modal while its setup loads (go-live.tsx). */
export function GoLiveLoading({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} title={t("go_live_title")}>
      <div style={{ display: "grid", placeItems: "center", minHeight: 160 }}>
        <Spinner size={32} label={t("go_live_title")} />
      </div>
    </Modal>
  );
}
