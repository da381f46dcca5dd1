import type { OverlayAlertKind } from "../../../server/overlays/schemas.ts";

// The alerts' sound, made by the browser itself (Web Audio): no sound file to host, nothing fetched.

/** Two notes a fifth apart; a raid and a match won ring higher. */
const NOTES: Record<OverlayAlertKind, [number, number]> = { follow: [660, 990], ticket: [587, 880], raid: [784, 1175], match_won: [784, 1175] };

let context: AudioContext | undefined;

export function playChime(kind: OverlayAlertKind): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    NOTES[kind].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      const at = start + index * 0.16;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.4);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.45);
    });
  } catch {
    // A browser without Web Audio shows the alert silently.
  }
}
