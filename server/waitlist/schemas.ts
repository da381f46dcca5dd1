import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";
import { TicketResponseSchema } from "../tickets/schemas.ts";

export const PlaceParamSchema = z.object({ kind: z.enum(["event", "tournament"]), id: numeric(z.number().int().positive()) });
export const EntryParamSchema = z.object({ entryId: numeric(z.number().int().positive()) });
export const AcceptSchema = z.object({
  /** A paid seat: the ticket type to buy with the offer; absent, the offer registers (a free seat, a tournament slot). */
  ticketType: z.string().max(40).optional(),
  /** What the member saw; refused if it is not the server's price. */
  price: numeric(z.number().int().min(0).optional()),
});
/** How long an organiser may hold an offer: from 5 minutes (on the day) to a week. */
const HOLD_LIMITS = { min: 5, max: 7 * 24 * 60 };
export const HoldSchema = z.object({ minutes: numeric(z.number().int().min(HOLD_LIMITS.min).max(HOLD_LIMITS.max)) });

const IsoDate = z.string();
const Done = z.object({ success: z.literal(true), message: z.string() });

/** The member's own entry: their place in the queue (0 once they hold an offer) and the offer's deadline. */
const MyEntry = z.object({ id: z.number(), status: z.enum(["waiting", "offered"]), place: z.number(), expiresAt: IsoDate.nullable() }).meta({ id: "WaitlistMyEntry" });
export const WaitlistViewResponseSchema = z.object({
  success: z.literal(true),
  /** Every seat is taken or promised to someone on the list. */
  full: z.boolean(),
  /** The viewer may join the list now. */
  joinable: z.boolean(),
  waiting: z.number(),
  holdMinutes: z.number(),
  entry: MyEntry.nullable(),
});
export type WaitlistView = z.infer<typeof WaitlistViewResponseSchema>;

export const WaitlistJoinedResponseSchema = Done.extend({ place: z.number() });
export const WaitlistDoneResponseSchema = Done;
export const WaitlistAcceptedResponseSchema = Done.extend({ ticket: TicketResponseSchema.nullable(), registration: z.enum(["pending", "approved"]).nullable() });
export type WaitlistAccepted = z.infer<typeof WaitlistAcceptedResponseSchema>;
export const WaitlistTakenResponseSchema = Done.extend({ offered: z.boolean() });

const OrganiserEntry = z
  .object({
    id: z.number(),
    username: z.string(),
    avatar: z.string().nullable(),
    status: z.enum(["waiting", "offered"]),
    place: z.number(),
    joinedAt: IsoDate,
    expiresAt: IsoDate.nullable(),
  })
  .meta({ id: "WaitlistEntry" });
export const WaitlistEntriesResponseSchema = z.object({ success: z.literal(true), entries: z.array(OrganiserEntry), holdMinutes: z.number() });
export type WaitlistEntries = z.infer<typeof WaitlistEntriesResponseSchema>;
export type WaitlistEntry = z.infer<typeof OrganiserEntry>;
