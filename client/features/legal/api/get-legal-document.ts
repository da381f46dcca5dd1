import { queryOptions, useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { z } from "zod";
import { api } from "../../../lib/api.ts";
import type { LegalType } from "../../../../server/legal/schemas.ts";
import "../../../i18n/screens/legal.ts";

/** The answer's shape is checked before use (spec 01 §5): ok, success and data, else "invalid format". Missing fields read as empty. */
const LegalAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    title: z.string().catch(""),
    content: z.string().catch(""),
    updated_at: z.string().catch(""),
    version: z.union([z.number(), z.string()]).catch(""),
    contact: z.object({ email: z.string().catch(""), phone: z.string().catch(""), address: z.string().catch("") }).catch({ email: "", phone: "", address: "" }),
  }),
});
export type LegalView = z.infer<typeof LegalAnswerSchema>["data"];

class LegalFormatError extends Error {
  readonly code = "invalid_format";
}

async function getLegalDocument(type: LegalType, lang: string): Promise<LegalView> {
  const body = await api<unknown>(`/legal/${type}`, { headers: { "accept-language": lang }, logoutOn401: false });
  const parsed = LegalAnswerSchema.safeParse(body);
  if (!parsed.success) throw new LegalFormatError(i18next.t("legal:invalid_format"));
  return parsed.data.data;
}

function legalDocumentQueryOptions(type: LegalType, lang: string) {
  return queryOptions({ queryKey: ["legal", type, lang], queryFn: () => getLegalDocument(type, lang) });
}

export function useLegalDocument(type: LegalType | null, lang: string) {
  return useQuery({ ...legalDocumentQueryOptions(type ?? "rgpd", lang), enabled: type !== null });
}
