import { z } from "zod";

// Shared by the server and the web app's legal viewer: the wire shape of spec 01 §3 "Legal content response".
export const LEGAL_TYPES = ["rgpd", "cgu", "faq", "mentions-legales"] as const;
const LegalTypeSchema = z.enum(LEGAL_TYPES);
export type LegalType = z.infer<typeof LegalTypeSchema>;

const LegalLanguageSchema = z.enum(["fr", "en"], { error: "invalid_input" });
export type LegalLanguage = z.infer<typeof LegalLanguageSchema>;

/** The tags and attributes legal HTML may keep (spec 01 §5); the server and the browser both apply them. */
export const LEGAL_ALLOWED_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "ul", "ol", "li", "strong", "em", "u", "a", "span", "div"] as const;
export const LEGAL_ALLOWED_ATTRIBUTES = ["href", "target", "rel", "class"] as const;

const LegalContactSchema = z.object({
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});

const LegalDocumentSchema = z
  .object({
    type: LegalTypeSchema,
    lang: LegalLanguageSchema,
    title: z.string(),
    /** Sanitised HTML. */
    content: z.string(),
    /** ISO 8601. */
    updated_at: z.string(),
    version: z.number().int(),
    contact: LegalContactSchema,
  })
  .meta({ id: "LegalDocument" });
export type LegalDocumentResponse = z.infer<typeof LegalDocumentSchema>;

export const LegalResponseSchema = z.object({ success: z.literal(true), data: LegalDocumentSchema });
export type LegalResponse = z.infer<typeof LegalResponseSchema>;
export const LegalListResponseSchema = z.object({ success: z.literal(true), data: z.array(LegalDocumentSchema) });

/** Any string, so that an unknown type answers 404 rather than a validation error. */
export const LegalTypeParamSchema = z.object({ type: z.string().max(40).meta({ description: "rgpd, cgu, faq or mentions-legales", example: "rgpd" }) });
export const LegalQuerySchema = z.object({ lang: LegalLanguageSchema.optional().meta({ description: "Overrides Accept-Language" }) });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LegalUpdateSchema = z.object({
  lang: LegalLanguageSchema,
  title: z.string({ error: "title_required" }).trim().min(1, "title_required").max(140, "title_too_long"),
  content: z.string({ error: "empty_field" }).max(200_000, "invalid_input"),
  contact: z
    .object({
      email: z
        .string()
        .trim()
        .max(254, "email_invalid")
        .refine((v) => v === "" || EMAIL_PATTERN.test(v), "email_invalid"),
      phone: z.string().trim().max(50, "invalid_input"),
      address: z.string().trim().max(300, "invalid_input"),
    })
    .optional(),
});
export type LegalUpdate = z.infer<typeof LegalUpdateSchema>;

/** Every kept version of a legal text (admins, issue 20). */
export const LegalVersionQuerySchema = z.object({ lang: LegalLanguageSchema });
export const LegalVersionListSchema = z
  .object({
    success: z.literal(true),
    versions: z.array(z.object({ version: z.number(), title: z.string(), content: z.string(), updatedAt: z.string(), updatedBy: z.string().nullable() })),
  })
  .meta({ id: "LegalVersions" });
