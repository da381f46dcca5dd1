import { Link } from "@tanstack/react-router";
import clsx from "clsx";
import { Check, Ticket as TicketIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useCancelTicket } from "../../../data/waitlist.ts";
import { ApiError } from "../../../lib/api.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { useBalance } from "../../../data/wallet-balance.ts";
import type { EventDetail } from "../api/get-event.ts";
import type { ArenaEvent } from "../api/get-events.ts";
import { usePurchaseTicket } from "../api/ticket-purchase.ts";
import { type PriceReason, type Ticket, type TicketType, useMyTickets, useTicketTypes } from "../api/tickets.ts";
import { formatEventDate } from "../event-rules.ts";
import "../../../i18n/screens/events-ui.ts";
import "../../../i18n/screens/errors.ts";

/**
 * Spec 02 §6's notes, from the price the server will really ask (admins and moderators, and a streamer
 * the organizer assigned, enter free once); an organizer is reminded to check the event is theirs.
 */
function priceNote(reason: PriceReason | null | undefined, role: string | undefined): "privilege" | "assigned_streamer" | "organizer" | null {
  if (reason === "privilege" || reason === "assigned_streamer") return reason;
  if (role === "organizer") return "organizer";
  return null;
}

/** Spec 02 §8: what a refused purchase says. */
function purchaseError(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 402) return error.message || t("insufficient");
  if (error instanceof ApiError && error.status === 400) return error.message || t("validation_error");
  if (error instanceof ApiError && error.status === 409) return error.message || t("purchase_failed");
  return t("purchase_failed");
}

/**
 * The event page's side: the tickets one already holds for the event, then the panel to buy one, or
 * why one cannot be bought now (full, closed, awaiting the organizer's approval…), as the server says.
 */
export function EventTickets({ event, closed = false }: { event: EventDetail; closed?: boolean }) {
  const { t } = useTranslation("events-ui");
  const mine = useMyTickets();
  const held = (mine.data ?? []).filter((ticket) => ticket.event.id === event.id && ticket.status === "valid");
  return (
    <>
      {held.map((ticket) => (
        <div key={ticket.id} className="ticket-held">
          <TicketCard ticket={ticket} />
          {event.status === "published" ? <GiveBack ticket={ticket} /> : null}
        </div>
      ))}
      {closed ? null : event.purchaseRefusal ? (
        <section className="ticket-panel" aria-labelledby="ticket-panel-title">
          <h2 id="ticket-panel-title">
            <TicketIcon size={18} aria-hidden /> {t("tickets")}
          </h2>
          <p className="muted small">{t(`errors:${event.purchaseRefusal}`)}</p>
        </section>
      ) : (
        <TicketPanel event={event} title={held.length > 0 ? t("buy_another") : t("tickets")} />
      )}
    </>
  );
}

/** Before the event, a holder gives a ticket back: its G-Coins return at once and the seat goes to the waiting list. */
export function GiveBack({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation("events-ui");
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelTicket();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        {t("ticket_give_back")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("ticket_give_back_title")}
        confirmLabel={t("ticket_give_back")}
        cancelLabel={t("ticket_keep")}
        danger
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(ticket.id, {
            onSuccess: (answer) => {
              setConfirming(false);
              toast.success(answer.message);
            },
            onError: (error) => toast.error(error.message),
          })
        }
        onCancel={() => setConfirming(false)}
      >
        {t("ticket_give_back_text", { price: ticket.price })}
      </ConfirmDialog>
    </>
  );
}

/** A price in G-Coins, "Free" at 0. */
export function TypePrice({ price }: { price: number }) {
  const { t } = useTranslation("events-ui");
  return <>{price === 0 ? t("free") : t("gcoins", { value: price })}</>;
}

/** Where a type's sale stands, in words: on sale (until when), soon on sale (from when), ended, sold out, closed. */
export function SaleStateNote({ type }: { type: Pick<TicketType, "state" | "saleStartsAt" | "saleEndsAt"> }) {
  const { t, i18n } = useTranslation("events-ui");
  const date = (iso: string) => formatEventDate(iso, i18n.language);
  if (type.state === "not_yet") return <span className="ticket-sale-state ticket-sale-not-yet">{t("sale_not_yet", { date: date(type.saleStartsAt!) })}</span>;
  if (type.state === "on_sale")
    return type.saleEndsAt ? <span className="ticket-sale-state">{t("sale_until", { date: date(type.saleEndsAt) })}</span> : <span className="ticket-sale-state">{t("sale_on_sale")}</span>;
  return <span className={`ticket-sale-state ticket-sale-${type.state.replace("_", "-")}`}>{t(`sale_${type.state}`)}</span>;
}

/**
 * The ticket panel of an event page: pick a type, pay in G-Coins, get a ticket with its QR code. Each type shows
 * what it costs the viewer (the server's `yourPrice`, which the purchase charges), what it includes, how many are
 * left, and why it cannot be bought when it cannot (soon on sale, ended, sold out, closed): those are not offered.
 */
function TicketPanel({ event, title }: { event: ArenaEvent; title: string }) {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const types = useTicketTypes(event.id);
  const balance = useBalance(user?.id);
  const note = priceNote(types.data?.priceReason, user?.role);
  const selected = types.data?.ticketTypes.find((type) => type.type === choice && type.state === "on_sale");
  const price = selected?.yourPrice ?? selected?.price ?? 0;
  const purchase = usePurchaseTicket({
    onSuccess: () => {
      setChoice(null);
      setError(null);
      toast.success(t("ticket_bought"));
    },
    onError: (failure) => {
      setError(purchaseError(failure, t));
      toast.error(t("purchase_toast"));
    },
  });
  const buy = () => {
    if (!selected) return setError(t("choose_type"));
    if (balance.data !== undefined && balance.data < price) return setError(t("insufficient_balance", { price, balance: balance.data }));
    purchase.mutate({ userId: user!.id, eventId: event.id, ticketType: selected.type, price });
  };
  return (
    <section className="ticket-panel" aria-labelledby="ticket-panel-title">
      <h2 id="ticket-panel-title">
        <TicketIcon size={18} aria-hidden /> {title}
      </h2>
      {note ? <p className="muted small">{t(`note_${note}`)}</p> : null}
      <div className="ticket-types" role="radiogroup" aria-label={t("ticket_type")}>
        {(types.data?.ticketTypes ?? []).map((type) => (
          <TypeChoice key={type.type} type={type} checked={choice === type.type} onChoose={() => setChoice(type.type)} />
        ))}
      </div>
      <p className="small tabular">{balance.data === undefined ? null : t("your_balance", { value: balance.data })}</p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button onClick={buy} busy={purchase.isPending}>
        {t("buy_ticket")}
      </Button>
    </section>
  );
}

/** One type of the panel: a radio while it is on sale, its reason (and no radio choice) when it is not. */
function TypeChoice({ type, checked, onChoose }: { type: TicketType; checked: boolean; onChoose: () => void }) {
  const { t } = useTranslation("events-ui");
  const buyable = type.state === "on_sale";
  const id = `ticket-type-${type.type}`;
  return (
    <label className={clsx("ticket-type", !buyable && "ticket-type-unavailable")} htmlFor={id}>
      <input id={id} type="radio" name="ticket-type" checked={checked && buyable} disabled={!buyable} onChange={onChoose} aria-describedby={`${id}-details`} />
      <span className="ticket-type-text">
        <strong>{type.name}</strong>
        <span id={`${id}-details`} className="ticket-type-details">
          {type.description ? <span className="muted small">{type.description}</span> : null}
          {type.features.length > 0 ? (
            <span className="ticket-type-features small">
              {type.features.map((feature) => (
                <span key={feature}>
                  <Check size={12} aria-hidden /> {feature}
                </span>
              ))}
            </span>
          ) : null}
          <span className="ticket-type-state small">
            <SaleStateNote type={type} />
            {buyable && type.remaining !== null ? <span className="tabular">{t("tickets_left", { count: type.remaining })}</span> : null}
          </span>
        </span>
      </span>
      <span className="ticket-type-price tabular">
        <TypePrice price={type.yourPrice ?? type.price} />
      </span>
    </label>
  );
}

/**
 * A ticket with its QR code (the server's signed payload), drawn here: nothing leaves the LAN.
 * `withEvent` names the event, for lists of tickets across events.
 */
export function TicketCard({ ticket, withEvent = false }: { ticket: Ticket; withEvent?: boolean }) {
  const { t, i18n } = useTranslation("events-ui");
  const svg = useMemo(() => renderSVG(ticket.qr_code, { border: 2 }), [ticket.qr_code]);
  const refunded = ticket.status === "refunded";
  return (
    <section className={clsx("ticket-card", refunded && "ticket-card-refunded")} aria-label={withEvent ? ticket.event.name : t("your_ticket")}>
      {withEvent ? (
        <div className="ticket-card-head">
          <h2>
            <Link to="/events/$slug" params={{ slug: ticket.event.slug }}>
              {ticket.event.name}
            </Link>
          </h2>
          <p className="muted small">
            {formatEventDate(ticket.event.startDate, i18n.language)}
            {ticket.event.location ? ` · ${ticket.event.location}` : ""}
          </p>
        </div>
      ) : (
        <h2>{t("your_ticket")}</h2>
      )}
      {refunded ? (
        <p className="field-error">{t("ticket_refunded_note")}</p>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr draws this SVG from the code's bits; no text of the ticket reaches the markup.
        <div className="ticket-qr" role="img" aria-label={t("qr_label", { code: ticket.code })} dangerouslySetInnerHTML={{ __html: svg }} />
      )}
      <p className="ticket-code tabular">{ticket.code}</p>
      <p className="muted small">
        {ticket.ticket_name} · {t("gcoins", { value: ticket.price })} · {t(`ticket_status_${ticket.status}`)}
      </p>
      {ticket.checkedInAt ? <p className="small">{t("ticket_checked_in", { date: formatEventDate(ticket.checkedInAt, i18n.language) })}</p> : null}
    </section>
  );
}
