import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMyRecording } from "../api/recording.ts";
import "../../../i18n/screens/storage.ts";

/** On the streamer's own live page: their live goes on but is no longer recorded, the disk being nearly full. */
export function RecordingStoppedBanner() {
  const { t } = useTranslation("storage");
  const recording = useMyRecording(true).data;
  if (!recording?.live || recording.recording) return null;
  return (
    <section className="recording-stopped" role="alert">
      <TriangleAlert size={18} aria-hidden />
      <div>
        <strong>{t("recording_stopped_title")}</strong>
        <p>{t("recording_stopped_text")}</p>
      </div>
    </section>
  );
}
