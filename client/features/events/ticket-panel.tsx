import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ticket as TicketIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import { Button } from "../../components/button.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { toast } from "../../lib/ui.ts";
import type { ArenaEvent, Ticket, TicketType } from "./api.ts";

/** Spec 02 §6: admins and moderators enter free; an organizer is reminded to check the event is theirs. */
function roleNote(role: string | undefined): "privilege" | "organizer" | null {
  if (role === "admin" || role === "moderator") return "privilege";
  if (role === "organizer") return "organizer";
  return null;
}

/** Spec 02 §8: what a refused purchase says. */
function purchaseError(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 402) return error.message || t("insufficient");
  if (error instanceof ApiError && error.status === 400) return error.message || t("validation_error");
  return t("purchase_failed");
}

/** The ticket panel of an event page: pick a type, pay in G-Coins, get a ticket with its QR code. */
export function TicketPanel({ event }: { event: ArenaEvent }) {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [bought, setBought] = useState<Ticket | null>(null);
  const types = useQuery({ queryKey: ["tickets", "types", event.id], queryFn: async ({ signal }) => (await api<{ ticketTypes: TicketType[] }>(`/tickets/types/${event.id}`, { signal })).ticketTypes });
  const balance = useQuery({ queryKey: ["wallet", "balance", user?.id], enabled: Boolean(user), queryFn: async ({ signal }) => (await api<{ balance: number }>(`/wallet/balance/${user!.id}`, { signal })).balance });
  const note = roleNote(user?.role);
  const selected = types.data?.find((type) => type.type === choice);
  const price = note === "privilege" ? 0 : (selected?.price ?? 0);
  const purchase = useMutation({
    mutationFn: () => api<{ message: string; ticket: Ticket }>("/tickets/purchase", { method: "POST", body: { userId: user!.id, eventId: event.id, ticketType: choice } }),
    onSuccess: (answer) => {
      setBought(answer.ticket);
      setError(null);
      toast.success(t("ticket_bought"));
      void queryClient.invalidateQueries({ queryKey: ["wallet"] });
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    },
    onError: (failure) => {
      setError(purchaseError(failure, t));
      toast.error(t("purchase_toast"));
    },
  });
  const buy = () => {
    if (!selected) return setError(t("choose_type"));
    if (balance.data !== undefined && balance.data < price) return setError(t("insufficient_balance", { price, balance: balance.data }));
    purchase.mutate();
  };
  if (bought) return <TicketCard ticket={bought} />;
  return (
    <section className="ticket-panel" aria-labelledby="ticket-panel-title">
      <h2 id="ticket-panel-title">
        <TicketIcon size={18} aria-hidden /> {t("tickets")}
      </h2>
      {note ? <p className="muted small">{t(`note_${note}`)}</p> : null}
      <div className="ticket-types" role="radiogroup" aria-label={t("ticket_type")}>
        {(types.data ?? []).map((type) => (
          <label key={type.type} className="ticket-type">
            <input type="radio" name="ticket-type" checked={choice === type.type} onChange={() => setChoice(type.type)} />
            <span className="ticket-type-text">
              <strong>{type.name}</strong>
              <span className="muted small">{type.description}</span>
            </span>
            <span className="ticket-type-price tabular">{note === "privilege" ? t("free") : t("gcoins", { value: type.price })}</span>
          </label>
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

/** A ticket with its QR code (the server's signed payload), drawn here: nothing leaves the LAN. */
export function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation("events-ui");
  const svg = useMemo(() => renderSVG(ticket.qr_code, { border: 2 }), [ticket.qr_code]);
  return (
    <section className="ticket-card" aria-label={t("your_ticket")}>
      <h2>{t("your_ticket")}</h2>
      <div className="ticket-qr" role="img" aria-label={t("qr_label", { code: ticket.code })} dangerouslySetInnerHTML={{ __html: svg }} />
      <p className="ticket-code tabular">{ticket.code}</p>
      <p className="muted small">
        {ticket.ticket_type} · {t("gcoins", { value: ticket.price })}
      </p>
    </section>
  );
}
