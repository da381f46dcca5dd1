import i18next from "i18next";
import { useEffect, useState } from "react";
import { doorDataPaths, type KeepDoorData } from "../../../lib/door-worker-scope.ts";

/**
 * Whether this device can open the door again with no network: `ready` once the door's service worker keeps the
 * app and this event's data; `insecure` on a plain-http address other than localhost, where browsers run no
 * service worker; `unavailable` elsewhere (a browser without them, the development server, which builds none).
 */
export type DoorWorkerState = "preparing" | "ready" | "insecure" | "unavailable";

const WORKER_URL = "/door-sw.js";

function initialState(): DoorWorkerState {
  if (!import.meta.env.PROD) return "unavailable";
  if (!window.isSecureContext) return "insecure";
  return "serviceWorker" in navigator ? "preparing" : "unavailable";
}

/** Registers the door's service worker (client/service-worker/door-sw.ts) and has it keep this event's door. */
export function useDoorWorker(event: { slug: string; id: number }): DoorWorkerState {
  const [state, setState] = useState(initialState);
  const { slug, id } = event;
  useEffect(() => {
    if (initialState() !== "preparing") return;
    let live = true;
    // A page the worker did not control at its start read the door's data past it: the worker reads it again.
    const controlled = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker
      .register(WORKER_URL, { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => (controlled ? undefined : keepDoorData(registration, doorDataPaths({ slug, id }))))
      .then(
        () => live && setState("ready"),
        () => live && setState("unavailable"),
      );
    return () => {
      live = false;
    };
  }, [slug, id]);
  return state;
}

function keepDoorData(registration: ServiceWorkerRegistration, paths: string[]): Promise<void> {
  const message: KeepDoorData = { type: "keep-door-data", paths, language: i18next.language || "fr" };
  const channel = new MessageChannel();
  const kept = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  registration.active!.postMessage(message, [channel.port2]);
  return kept;
}
