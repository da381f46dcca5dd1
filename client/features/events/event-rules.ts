import type { ArenaEvent, EventStatus } from "./api/get-events.ts";

/**
 * Why nobody can take a seat any more, whoever looks: cancelled, over, or every seat taken. The page
 * then offers no register button and no ticket panel, and says this instead.
 */
export function closedReason(event: ArenaEvent): "cancelled" | "completed" | "full" | null {
  if (event.status === "cancelled" || event.status === "completed") return event.status;
  if (event.maxParticipants !== null && event.currentParticipants >= event.maxParticipants) return "full";
  return null;
}

/** The organiser's next steps from each status (spec 02 §4): Publish, Start, End; Cancel while it has not ended. */
export function statusActions(status: EventStatus): ("publish" | "start" | "end" | "cancel")[] {
  switch (status) {
    case "draft":
      return ["publish", "cancel"];
    case "published":
      return ["start", "cancel"];
    case "active":
      return ["end", "cancel"];
    case "completed":
    case "cancelled":
      return [];
  }
}

/** Euros as the spec shows an event's price ("15,00 €"). */
export function formatEuros(value: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" }).format(value);
}

export function formatEventDate(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang, { weekday: "short", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
}
