import { Link } from "@tanstack/react-router";
import { Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useMyTickets } from "../api/tickets.ts";
import { GiveBack, TicketCard } from "./ticket-panel.tsx";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";

/** /my-tickets: every ticket one holds, each with the QR code to show at the door. */
export function MyTickets() {
  const { t } = useTranslation("events-ui");
  const tickets = useMyTickets();
  return (
    <main className="page events-page">
      <header className="page-header">
        <h1>{t("my_tickets")}</h1>
      </header>
      <QueryState query={tickets} pending={<Skeleton height={320} />}>
        {(held) =>
          held.length === 0 ? (
            <EmptyState
              icon={<Ticket size={40} aria-hidden />}
              title={t("my_tickets_empty")}
              action={
                <Link to="/events" className="btn btn-primary">
                  {t("my_tickets_browse")}
                </Link>
              }
            />
          ) : (
            <div className="my-tickets">
              {held.map((ticket) => (
                <div key={ticket.id} className="ticket-held">
                  <TicketCard ticket={ticket} withEvent />
                  {/* Before its event, a valid ticket is given back here too (issue 34, item 4); the server has the last word. */}
                  {ticket.status === "valid" && Date.parse(ticket.event.startDate) > Date.now() ? <GiveBack ticket={ticket} /> : null}
                </div>
              ))}
            </div>
          )
        }
      </QueryState>
    </main>
  );
}
