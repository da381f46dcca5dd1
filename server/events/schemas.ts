import { z } from "zod";
import { numeric } from "../http/numbers.ts";

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
const EventFields = z
  .object({
    name: z.string({ error: "event_name_invalid" }).trim().min(3, "event_name_invalid").max(120, "text_too_long"),
    description: z.string({ error: "event_description_invalid" }).trim().min(10, "event_description_invalid").max(10_000, "text_too_long"),
    categoryId: numeric(z.number({ error: "event_category_required" }).int("event_category_required").positive("event_category_required")),
    startDate: z.string({ error: "event_start_required" }).min(1, "event_start_required").refine((v) => !Number.isNaN(Date.parse(v)), "event_start_required"),
    endDate: z.string().nullable().optional().refine((v) => !v || !Number.isNaN(Date.parse(v)), "date_invalid"),
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
export const EventListQuerySchema = z.object({ search: z.string().max(100).optional(), category: numeric(z.number().int().positive().optional()) });
