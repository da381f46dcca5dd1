import { z } from "zod";
import { SeedSchema, StationSchema, StructureSchema } from "../tournaments/schemas.ts";
import { numeric } from "../../shared/numeric.ts";

const optionalNumber = (schema: z.ZodNumber) => z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v), numeric(z.number()).pipe(schema).nullable());

/**
 * A cover goes into a CSS url() on every page that lists the event: only a picture uploaded here or an
 * http(s) address, with none of the characters that could close the url() or the style around it.
 */
function isCoverImage(value: string): boolean {
  return value === "" || /^\/uploads\/[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(value) || /^https?:\/\/[^\s"'()\\<>;]+$/i.test(value);
}

/**
 * An event's fields with no defaults. Field order is the spec's validation order (spec 02 §5): the
 * first message shown is the first rule broken.
 */
const EventFields = z.object({
  name: z.string({ error: "event_name_invalid" }).trim().min(3, "event_name_invalid").max(120, "text_too_long"),
  description: z.string({ error: "event_description_invalid" }).trim().min(10, "event_description_invalid").max(10_000, "text_too_long"),
  categoryId: numeric(z.number({ error: "event_category_required" }).int("event_category_required").positive("event_category_required")),
  startDate: z
    .string({ error: "event_start_required" })
    .min(1, "event_start_required")
    .refine((v) => !Number.isNaN(Date.parse(v)), "event_start_required"),
  endDate: z
    .string()
    .nullable()
    .optional()
    .refine((v) => !v || !Number.isNaN(Date.parse(v)), "date_invalid"),
  maxParticipants: optionalNumber(z.number().int().min(1, "event_max_participants_invalid")).optional(),
  ticketPrice: numeric(z.number().min(0, "event_price_invalid").max(100_000, "event_price_invalid")),
  coverImage: z.string().trim().max(500).refine(isCoverImage, "event_cover_invalid").optional().nullable(),
  isPublic: z.boolean(),
  requiresApproval: z.boolean(),
  location: z.string().trim().max(200),
  rules: z.string().trim().max(10_000),
  tournamentId: numeric(z.number().int().positive().optional().nullable()),
  /** Shown by the client; the server computes its own. */
  creationCost: z.unknown().optional(),
});

/** Creation fills what the form left out (keys keep their place, so the validation order holds). */
export const CreateEventSchema = EventFields.extend({
  ticketPrice: EventFields.shape.ticketPrice.optional().default(0),
  isPublic: EventFields.shape.isPublic.optional().default(true),
  requiresApproval: EventFields.shape.requiresApproval.optional().default(false),
  location: EventFields.shape.location.optional().default(""),
  rules: EventFields.shape.rules.optional().default(""),
});
export type CreateEventInput = z.infer<typeof CreateEventSchema>;

/** An edit changes only what it names: no default may stand in for a field the form did not send. */
export const UpdateEventSchema = EventFields.partial();
export type UpdateEventInput = z.infer<typeof UpdateEventSchema>;

export const EventStatusSchema = z.object({ status: z.enum(["draft", "published", "active", "completed", "cancelled"], { error: "event_status_invalid" }) });
export const ParticipantStatusSchema = z.object({ status: z.enum(["pending", "approved", "rejected"], { error: "invalid_input" }) });
export const SlugParamSchema = z.object({ slug: z.string().min(1).max(140) });
export const EventIdParamSchema = z.object({ eventId: numeric(z.number().int().positive()) });
/** A page of an events list: 24 cards unless asked (up to 100), as the other paged lists of the API. */
export const EventPageQuerySchema = z.object({
  page: numeric(z.number().int().min(1).optional().default(1)),
  limit: numeric(z.number().int().min(1).max(100).optional().default(24)),
});
export const EventListQuerySchema = EventPageQuerySchema.extend({ search: z.string().max(100).optional(), category: numeric(z.number().int().positive().optional()) });

const IsoDate = z.string().describe("ISO 8601");
const ParticipantStatus = ParticipantStatusSchema.shape.status;

const EventCategoryResponseSchema = z.object({ id: z.number(), name: z.string(), icon: z.string(), color: z.string(), slug: z.string(), multiplier: z.number() }).meta({ id: "EventCategory" });
export type EventCategory = z.infer<typeof EventCategoryResponseSchema>;

/** A registration; `user.email` is empty unless the viewer manages the event. */
const EventParticipantResponseSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    status: ParticipantStatus,
    createdAt: IsoDate,
    user: z.object({ name: z.string(), username: z.string(), email: z.string(), profilePicture: z.string().nullable() }),
  })
  .meta({ id: "EventParticipant" });
export type EventParticipant = z.infer<typeof EventParticipantResponseSchema>;

/** An event as every list shows it; `participantStatus` is the viewer's own registration. */
const EventSummaryResponseSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    categoryId: z.number(),
    category: EventCategoryResponseSchema.omit({ multiplier: true }),
    startDate: IsoDate,
    endDate: IsoDate.nullable(),
    maxParticipants: z.number().nullable(),
    /** The organiser's reference price in euros: shown, never charged (tickets are paid in G-Coins). */
    ticketPrice: z.number(),
    /** Whether the event sells tickets (its own types, or the default ones when its reference price is above 0). */
    sellsTickets: z.boolean(),
    /** The G-Coins a ticket costs the viewer, lowest and highest, over the types on sale or to come; null when none is. */
    ticketPriceRange: z.object({ min: z.number(), max: z.number() }).nullable(),
    coverImage: z.string().nullable(),
    isPublic: z.boolean(),
    requiresApproval: z.boolean(),
    status: EventStatusSchema.shape.status,
    /** The organiser's id, as a string (spec 02). */
    createdBy: z.string(),
    location: z.string(),
    rules: z.string(),
    tournamentId: z.number().nullable(),
    creationCost: z.number(),
    currentParticipants: z.number(),
    organizer: z.object({ id: z.number(), name: z.string(), username: z.string(), avatar: z.string().nullable() }),
    participantStatus: ParticipantStatus.nullable(),
  })
  .meta({ id: "EventSummary" });
export type EventSummary = z.infer<typeof EventSummaryResponseSchema>;

/** One event's page: the first participants, and why the viewer may not register or buy (an error code, null when they may). */
const EventResponseSchema = EventSummaryResponseSchema.extend({
  participants: z.array(EventParticipantResponseSchema),
  participantCount: z.number(),
  registrationRefusal: z.string().nullable(),
  purchaseRefusal: z.string().nullable(),
}).meta({ id: "Event" });

/** A page of events; `pagination.hasMore` says whether `page + 1` has any. */
export const EventListResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(EventSummaryResponseSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), hasMore: z.boolean() }),
});
export type EventList = z.infer<typeof EventListResponseSchema>;
export const EventCategoryListResponseSchema = z.object({ success: z.literal(true), categories: z.array(EventCategoryResponseSchema) });
export type EventCategoryList = z.infer<typeof EventCategoryListResponseSchema>;
export const EventParticipantListResponseSchema = z.object({ success: z.literal(true), participants: z.array(EventParticipantResponseSchema) });
export type EventParticipantList = z.infer<typeof EventParticipantListResponseSchema>;
export const EventDetailResponseSchema = z.object({ success: z.literal(true), event: EventResponseSchema });
export type EventDetail = z.infer<typeof EventDetailResponseSchema>;

const Done = z.object({ success: z.literal(true), message: z.string() });
export const EventDoneResponseSchema = Done;
export type EventDone = z.infer<typeof EventDoneResponseSchema>;
/** An edit, a status change or a publication: the message and the event as its page shows it. */
export const EventSavedResponseSchema = Done.extend({ event: EventResponseSchema });
export type EventSaved = z.infer<typeof EventSavedResponseSchema>;
/** A creation also names what it cost in G-Coins. */
export const EventCreatedResponseSchema = EventSavedResponseSchema.extend({ cost: z.number() });
export type EventCreated = z.infer<typeof EventCreatedResponseSchema>;
export const EventRegisteredResponseSchema = Done.extend({ status: ParticipantStatus.exclude(["rejected"]) });
export type EventRegistered = z.infer<typeof EventRegisteredResponseSchema>;
export const EventCoverResponseSchema = z.object({ success: z.literal(true), coverImage: z.string() });
export type EventCover = z.infer<typeof EventCoverResponseSchema>;

/** The night page (issue 18, item 5): the tournament, its stations and next matches; `door` for the organiser only. */
export const EventNightResponseSchema = z
  .object({
    tournament: z.object({ id: z.number(), name: z.string(), structure: StructureSchema, started: z.boolean(), finished: z.boolean() }).nullable(),
    autoAssign: z.boolean(),
    stations: z.array(StationSchema),
    next: z.array(z.object({ round: z.string(), match: SeedSchema })),
    door: z.object({ entered: z.number(), seats: z.number() }).nullable(),
  })
  .meta({ id: "EventNight" });
export type EventNight = z.infer<typeof EventNightResponseSchema>;
