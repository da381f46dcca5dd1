import { z } from "zod";
import { numeric } from "../../shared/numeric.ts";
import { TOKEN_SCOPES } from "../../shared/tokens.ts";

// Personal access tokens (issue 36, item 2).

export const MAX_TOKENS_PER_MEMBER = 20;

export const TokenCreateSchema = z.object({
  name: z.string({ error: "token_name_invalid" }).trim().min(1, "token_name_invalid").max(60, "token_name_invalid"),
  scopes: z.array(z.enum(TOKEN_SCOPES, { error: "token_scope_unknown" })).min(1, "token_scopes_required"),
  /** null or left out: until revoked. */
  expiresInDays: z.number().int().min(1).max(3650).nullable().optional(),
});

export const TokenIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });

const TokenSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    /** The token's first characters, to tell it apart. */
    hint: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "PersonalToken" });
export type TokenResponse = z.infer<typeof TokenSchema>;

export const TokenListSchema = z.object({ success: z.literal(true), tokens: z.array(TokenSchema) });
/** A new token: the token itself is in this answer only. */
export const TokenCreatedSchema = z.object({ success: z.literal(true), token: TokenSchema, secret: z.string() });
