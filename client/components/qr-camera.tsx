import { Camera, CameraOff, ScanLine } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CameraState, decodeQrPhoto, useQrCamera } from "../lib/qr-reader.ts";
import { Button } from "./button.tsx";
import "../styles/qr-camera.css";
import "../i18n/screens/components.ts";

/**
 * A QR code reader in the page: the camera's picture with its state, a button to turn it on and off
 * and, when the page may not open the camera (plain HTTP on a LAN) or it was refused, a photo taken by
 * the device's own camera app. `onCode` gets each code read while `scanning`; `onPhotoWithoutCode`
 * gets the message to show when a photo holds none. The events door and the tournament check-in desk
 * use it.
 */
export function QrCamera({ startOn, scanning, onCode, onPhotoWithoutCode }: { startOn: boolean; scanning: boolean; onCode: (text: string) => void; onPhotoWithoutCode: (message: string) => void }) {
  const { t } = useTranslation("components");
  const [cameraOn, setCameraOn] = useState(startOn);
  const video = useRef<HTMLVideoElement>(null);
  const camera = useQrCamera(video, cameraOn, scanning, onCode);
  return (
    <div className="qr-camera">
      <div className="qr-camera-video">
        <video ref={video} muted playsInline aria-label={t("qr_camera")} hidden={camera !== "on"} />
        {camera !== "on" ? <CameraMessage state={camera} /> : <span className="qr-camera-aim" aria-hidden />}
      </div>
      <div className="row">
        {camera === "unavailable" || camera === "denied" ? (
          <PhotoButton onCode={onCode} onNothing={() => onPhotoWithoutCode(t("qr_no_code_in_photo"))} />
        ) : (
          <Button variant="secondary" onClick={() => setCameraOn((on) => !on)}>
            {cameraOn ? <CameraOff size={18} aria-hidden /> : <Camera size={18} aria-hidden />} {t(cameraOn ? "qr_camera_stop" : "qr_camera_start")}
          </Button>
        )}
      </div>
    </div>
  );
}

function CameraMessage({ state }: { state: CameraState }) {
  const { t } = useTranslation("components");
  return (
    <p className="qr-camera-message">
      <ScanLine size={32} aria-hidden />
      {t(`qr_camera_${state}`)}
    </p>
  );
}

/** Without a camera in the page (plain HTTP on a LAN), the phone's own camera app takes a photo of the ticket. */
function PhotoButton({ onCode, onNothing }: { onCode: (text: string) => void; onNothing: () => void }) {
  const { t } = useTranslation("components");
  const read = async (file: File | undefined) => {
    if (!file) return;
    const text = await decodeQrPhoto(file).catch(() => null);
    if (text) onCode(text);
    else onNothing();
  };
  return (
    <label className="btn btn-primary">
      <Camera size={18} aria-hidden /> {t("qr_take_photo")}
      <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={(e) => void read(e.target.files?.[0]).finally(() => (e.target.value = ""))} />
    </label>
  );
}
