import { Hourglass } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button.tsx";
import { toast } from "../../lib/ui.ts";
import { type Place, useAcceptOffer, useDeclineOffer, useJoinWaitlist, useLeaveWaitlist, useWaitlist } from "../../data/waitlist.ts";
import "../../styles/waitlist.css";
import "../../i18n/screens/events-ui.ts";
import "../../i18n/screens/errors.ts";

/** A ticket type an accepted offer may buy, at the price the server will ask the member. */
interface OfferedType {
  type: string;
  name: string;
  price: number;
  yourPrice?: number;
}

/** A date and time in the reader's language, for an offer's deadline. */
export function formatDeadline(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * The member's side of a full event or tournament (issue 19): join the waiting list in one click,
 * see one's place, leave; and when a place frees up, the offer with its deadline, to accept (a paid
 * seat is bought in the same step) or decline. Nothing shows where the list has nothing to offer.
 */
export function WaitlistPanel({ place, ticketTypes = [] }: { place: Place; ticketTypes?: OfferedType[] }) {
  const { t } = useTranslation("events-ui");
  const view = useWaitlist(place);
  const join = useJoinWaitlist(place);
  const leave = useLeaveWaitlist(place);
  const list = view.data;
  if (!list || (!list.joinable && !list.entry)) return null;
  const fail = (error: Error) => toast.error(error.message);
  return (
    <section className="waitlist-panel" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">
        <Hourglass size={18} aria-hidden /> {t("waitlist_title")}
      </h2>
      {list.entry?.status === "offered" && list.entry.expiresAt ? (
        <Offer entryId={list.entry.id} expiresAt={list.entry.expiresAt} offered={ticketTypes} />
      ) : list.entry ? (
        <>
          <p className="waitlist-place">{t("waitlist_your_place", { place: list.entry.place })}</p>
          <p className="muted small">{t("waitlist_how_it_works", { hold: holdLabel(list.holdMinutes, t) })}</p>
          <Button variant="secondary" busy={leave.isPending} onClick={() => leave.mutate(undefined, { onSuccess: (answer) => toast.success(answer.message), onError: fail })}>
            {t("waitlist_leave")}
          </Button>
        </>
      ) : (
        <>
          <p className="muted small">{t(place.kind === "event" ? "waitlist_full_event" : "waitlist_full_tournament")}</p>
          {list.waiting > 0 ? <p className="small tabular">{t("waitlist_waiting", { count: list.waiting })}</p> : null}
          <Button busy={join.isPending} onClick={() => join.mutate(undefined, { onSuccess: (answer) => toast.success(answer.message), onError: fail })}>
            {t("waitlist_join")}
          </Button>
        </>
      )}
    </section>
  );
}

/** The offer: its deadline, and for a paid seat the ticket to buy with it. */
function Offer({ entryId, expiresAt, offered }: { entryId: number; expiresAt: string; offered: OfferedType[] }) {
  const { t, i18n } = useTranslation("events-ui");
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [choice, setChoice] = useState<string | null>(null);
  const selected = offered.find((type) => type.type === choice) ?? offered[0];
  const price = selected ? (selected.yourPrice ?? selected.price) : undefined;
  const fail = (error: Error) => toast.error(error.message);
  return (
    <div className="waitlist-offer" role="status">
      <p className="waitlist-offer-title">{t("waitlist_offer_title")}</p>
      <p className="small">{t("waitlist_offer_deadline", { deadline: formatDeadline(expiresAt, i18n.language) })}</p>
      {offered.length > 0 ? (
        <label className="field">
          <span>{t("ticket_type")}</span>
          <select value={selected?.type ?? ""} onChange={(event) => setChoice(event.target.value)}>
            {offered.map((type) => (
              <option key={type.type} value={type.type}>
                {type.name} · {(type.yourPrice ?? type.price) === 0 ? t("free") : t("gcoins", { value: type.yourPrice ?? type.price })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="row">
        <Button busy={accept.isPending} onClick={() => accept.mutate({ entryId, ticketType: selected?.type, price }, { onSuccess: (answer) => toast.success(answer.message), onError: fail })}>
          {selected ? t("waitlist_accept_buy") : t("waitlist_accept")}
        </Button>
        <Button variant="secondary" busy={decline.isPending} onClick={() => decline.mutate(entryId, { onSuccess: (answer) => toast.success(answer.message), onError: fail })}>
          {t("waitlist_decline")}
        </Button>
      </div>
    </div>
  );
}

/** "15 min", "24 h": how long an offer is held. */
export function holdLabel(minutes: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  return minutes % 60 === 0 ? t("waitlist_hours", { count: minutes / 60 }) : t("waitlist_minutes", { count: minutes });
}
