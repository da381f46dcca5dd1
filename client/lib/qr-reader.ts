import { type RefObject, useEffect, useState } from "react";

/** How often the camera picture is searched for a code: fast enough to feel instant, light on a phone. */
const SCAN_INTERVAL_MS = 120;

/** jsQR is loaded with the scanner only: the rest of the site never pays for it. */
const loadDecoder = () => import("jsqr").then((module) => module.default);

/** The text of the QR code in a picture, or null when there is none. */
async function decodePicture(source: CanvasImageSource, width: number, height: number, canvas: HTMLCanvasElement): Promise<string | null> {
  if (width === 0 || height === 0) return null;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  const decode = await loadDecoder();
  const found = decode(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: "attemptBoth" });
  return found?.data || null;
}

/** Reads a photo of a ticket (the fallback when the page may not open the camera, as on a LAN over plain HTTP). */
export async function decodeQrPhoto(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  // A phone photo is large; a QR code is still readable at a fraction of it, and far faster.
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  try {
    return await decodePicture(bitmap, Math.round(bitmap.width * scale), Math.round(bitmap.height * scale), document.createElement("canvas"));
  } finally {
    bitmap.close();
  }
}

/** The browser lets pages open the camera only in a secure context (HTTPS or localhost). */
function cameraAvailable(): boolean {
  return typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);
}

export type CameraState = "off" | "starting" | "on" | "denied" | "unavailable";

/**
 * Shows the back camera in `video` and calls `onCode` with each QR code it sees while `scanning`.
 * Everything happens in the page: no picture leaves the device.
 */
export function useQrCamera(video: RefObject<HTMLVideoElement | null>, enabled: boolean, scanning: boolean, onCode: (text: string) => void): CameraState {
  const [state, setState] = useState<CameraState>(cameraAvailable() ? "off" : "unavailable");
  useEffect(() => {
    if (!enabled || !cameraAvailable()) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    setState("starting");
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (cancelled || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play().catch(() => undefined);
        setState("on");
      })
      .catch(() => !cancelled && setState("denied"));
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
      setState("off");
    };
  }, [enabled, video]);

  useEffect(() => {
    if (state !== "on" || !scanning) return;
    const canvas = document.createElement("canvas");
    let timer = 0;
    let stopped = false;
    const look = async () => {
      const element = video.current;
      const text = element ? await decodePicture(element, element.videoWidth, element.videoHeight, canvas) : null;
      if (stopped) return;
      if (text) onCode(text);
      else timer = window.setTimeout(look, SCAN_INTERVAL_MS);
    };
    timer = window.setTimeout(look, SCAN_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [state, scanning, video, onCode]);
  return state;
}
