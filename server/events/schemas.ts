import { z } from "zod";

const optionalNumber = (schema: z.ZodNumber) => z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v), z.coerce.number().pipe(schema).nullable());

/** Field order is the spec's validation order (spec 02 §5): the first message shown is the first rule broken. */
export const CreateEventSchema = z
  .object({
    name: z.string({ error: "event_name_invalid" }).trim().min(3, "event_name_invalid").max(120, "text_too_long"),
    description: z.string({ error: "event_description_invalid" }).trim().min(10, "event_description_invalid").max(10_000, "text_too_long"),
    categoryId: z.coerce.number({ error: "event_category_required" }).int("event_category_required").positive("event_category_required"),
    startDate: z.string({ error: "event_start_required" }).min(1, "event_start_required").refine((v) => !Number.isNaN(Date.parse(v)), "event_start_required"),
    endDate: z.string().nullable().optional().refine((v) => !v || !Number.isNaN(Date.parse(v)), "date_invalid"),
    maxParticipants: optionalNumber(z.number().int().min(1, "event_max_participants_invalid")).optional(),
    ticketPrice: z.coerce.number().min(0, "event_price_invalid").max(100_000, "event_price_invalid").optional().default(0),
    coverImage: z.string().trim().max(500).optional().nullable(),
    isPublic: z.boolean().optional().default(true),
    requiresApproval: z.boolean().optional().default(false),
    location: z.string().trim().max(200).optional().default(""),
    rules: z.string().trim().max(10_000).optional().default(""),
    tournamentId: z.coerce.number().int().positive().optional().nullable(),
    /** Shown by the client; the server computes its own. */
    creationCost: z.unknown().optional(),
  });
export type CreateEventInput = z.infer<typeof CreateEventSchema>;

export const UpdateEventSchema = CreateEventSchema.partial();
export type UpdateEventInput = z.infer<typeof UpdateEventSchema>;

export const EventStatusSchema = z.object({ status: z.enum(["draft", "published", "active", "completed", "cancelled"], { error: "event_status_invalid" }) });
export const ParticipantStatusSchema = z.object({ status: z.enum(["pending", "approved", "rejected"], { error: "invalid_input" }) });
export const SlugParamSchema = z.object({ slug: z.string().min(1).max(140) });
export const EventIdParamSchema = z.object({ eventId: z.coerce.number().int().positive() });
export const EventListQuerySchema = z.object({ search: z.string().max(100).optional(), category: z.coerce.number().int().positive().optional() });
