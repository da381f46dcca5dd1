import { z } from "zod";
import { MeSchema, PublicUserSchema, RoleSchema } from "../auth/schemas.ts";
import { numeric } from "../../shared/numeric.ts";

export const UsernameParamSchema = z.object({ username: z.string().min(1).max(40) });
export const UserIdParamSchema = z.object({ id: numeric(z.number().int().positive()) });
export const ChangeRoleSchema = z.object({ role: RoleSchema });
export const PublicUserResponseSchema = z.object({ success: z.literal(true), user: PublicUserSchema });
export type PublicUserResponse = z.infer<typeof PublicUserResponseSchema>;
/** An admin's role change: the account as its owner sees it, with the new role. */
export const RoleChangedResponseSchema = z.object({ success: z.literal(true), message: z.string(), user: MeSchema });
