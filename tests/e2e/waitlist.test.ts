import { describe, expect, it } from "bun:test";
import { pageFor, useServerAndBrowser } from "../fixtures/e2e.ts";
import { ADMIN_ENV, adminBrowserOf, auditLedger, balanceOf, fundedUser, publishedEvent } from "../fixtures/money.ts";

/**
 * A waiting list in chromium (issue 19, item 1): a full event, a second member joins its list and
 * sees their place, the organiser sees them on the list, the ticket holder gives the ticket back
 * (its G-Coins return at once), and the member sees the offer with its deadline and buys the seat.
 */
const h = useServerAndBrowser({ DEMO: "0", ...ADMIN_ENV });

const funded = async (coins: number) => fundedUser(h.server, await adminBrowserOf(h.server), coins);

describe("waiting list journey", () => {
  it("offers a freed seat to the member waiting, who buys it from the event page", async () => {
    const organiser = await funded(1000);
    const event = await publishedEvent(organiser, { maxParticipants: 1 });
    const [holder, member] = [await funded(200), await funded(200)];
    expect((await holder.browser.post("/api/tickets/purchase", { userId: holder.user.id, eventId: event.id, ticketType: "match", price: 100 })).status).toBe(201);

    // The event is full: the member joins the waiting list in one click and sees their place.
    const memberPage = await pageFor(h, member, { language: "en" });
    await memberPage.goto(`${h.server.url}/events/${event.slug}`);
    const list = memberPage.getByRole("region", { name: "Waiting list" });
    await list.getByRole("button", { name: "Join the waiting list" }).click();
    await list.getByText("You are number 1 on the waiting list.").waitFor();

    // The organiser sees them on the list, with the way to take them from it.
    const organiserPage = await pageFor(h, organiser, { language: "en" });
    await organiserPage.goto(`${h.server.url}/events/${event.slug}/manage`);
    await organiserPage.getByRole("tab", { name: "Participants" }).click();
    const managed = organiserPage.getByRole("region", { name: "Waiting list" });
    await managed.getByText(member.user.username).waitFor();
    await managed.getByRole("button", { name: `Take ${member.user.username} from the waiting list` }).waitFor();

    // The holder gives the ticket back, from the event page or (here) from their tickets: the G-Coins return at once.
    const holderPage = await pageFor(h, holder, { language: "en" });
    await holderPage.goto(`${h.server.url}/events/${event.slug}`);
    await holderPage.getByRole("button", { name: "Give the ticket back" }).waitFor();
    await holderPage.goto(`${h.server.url}/my-tickets`);
    await holderPage.getByRole("button", { name: "Give the ticket back" }).click();
    await holderPage.getByRole("dialog", { name: "Give this ticket back?" }).getByRole("button", { name: "Give the ticket back" }).click();
    await holderPage.getByText("Ticket given back: 100 G-Coins returned to your wallet.").waitFor();
    expect(await balanceOf(holder)).toBe(200);

    // The member is offered the seat, with its deadline, and buys it in one step.
    await memberPage.reload();
    await list.getByText("A place is free for you!").waitFor();
    await list.getByText(/It is held for you until/).waitFor();
    // The offer is their one way in (issue 34, item 4): no register button or ticket panel beside it.
    expect(await memberPage.getByRole("button", { name: "Register Now" }).count()).toBe(0);
    expect(await memberPage.getByRole("region", { name: "Tickets" }).count()).toBe(0);
    await list.getByRole("button", { name: "Take the place and buy" }).click();
    await memberPage.getByText("Ticket bought!").waitFor();
    await memberPage.getByRole("region", { name: "Your ticket" }).waitFor();
    expect(await balanceOf(member)).toBe(100);
    const tickets = (await member.browser.get("/api/tickets/user")).body.tickets as { status: string; event: { id: number } }[];
    expect(tickets.filter((ticket) => ticket.event.id === event.id && ticket.status === "valid")).toHaveLength(1);
    await auditLedger(h.server.deps.db);
  });
});
