import type { AppDeps } from "../http/context.ts";
import { ConflictError } from "../http/errors.ts";
import { translate } from "../i18n/messages.ts";
import { hashPassword } from "./password.ts";
import { insertUser } from "./service.ts";
import { EmailSchema, PasswordSchema, UsernameSchema } from "./schemas.ts";

interface AdminInput {
  username: string;
  email: string;
  password: string;
}

/** Checks an admin's details with the same rules as signup; returns the problems in plain English for the operator. */
export function adminProblems(input: AdminInput): string[] {
  const checks = [
    ["username", UsernameSchema.safeParse(input.username)],
    ["email", EmailSchema.safeParse(input.email)],
    ["password", PasswordSchema.safeParse(input.password)],
  ] as const;
  return checks.flatMap(([field, result]) => (result.success ? [] : [`${field}: ${translate("en", result.error.issues[0]!.message)}`]));
}

/** Creates the admin account (or promotes an existing one with that username) when ADMIN_* variables are given. */
export async function ensureAdmin(deps: AppDeps, log: (line: string) => void, input = deps.config.admin): Promise<void> {
  if (!input) return;
  const problems = adminProblems(input);
  if (problems.length) throw new Error(`ADMIN_* variables are invalid: ${problems.join(", ")}`);
  const existing = await deps.db.selectFrom("user").select(["id", "role"]).where("username", "=", input.username).executeTakeFirst();
  if (existing) {
    if (existing.role !== "admin") {
      await deps.db.updateTable("user").set({ role: "admin", updated_at: deps.now() }).where("id", "=", existing.id).execute();
      log(`[admin] ${input.username} is now an admin`);
    }
    return;
  }
  try {
    await insertUser(deps, { username: input.username, email: input.email, passwordHash: await hashPassword(input.password), emailVerified: true, role: "admin" });
  } catch (error) {
    // Nodes of a cluster start together: another one created the account a moment ago.
    if (error instanceof ConflictError && (await deps.db.selectFrom("user").select("id").where("username", "=", input.username).where("role", "=", "admin").executeTakeFirst())) return;
    throw error;
  }
  log(`[admin] admin account ${input.username} created`);
}
