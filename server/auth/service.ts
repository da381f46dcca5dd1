import type { User } from "../../db/types.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { AppDeps } from "../http/context.ts";
import { BadRequestError, ConflictError, ForbiddenError, InvalidError, UnauthorizedError } from "../http/errors.ts";
import { imageKinds, removeUpload, storeImage } from "../http/images.ts";
import { hitRateLimit, type Limit } from "../http/rate-limit.ts";
import { type Language, translate } from "../i18n/messages.ts";
import { verifyCaptchaToken } from "./captcha.ts";
import { hashPassword, passwordIs, passwordMatches } from "./password.ts";
import { accountKey, assertNotLockedOut, forgiveAccount, forgiveAddress, recordLoginFailure, userAccountKey } from "./lockout.ts";
import type { LoginInput, SignupInput } from "./schemas.ts";
import { createSession, endSessions, hashToken, newToken } from "./sessions.ts";
import { STREAM_KEYS_CHANGED } from "../channels/own-channel.ts";
import { forgetChannelName } from "../restricted/live-access.ts";
import { inTransaction } from "../../db/transaction.ts";
import { takeInvitationUse } from "../site/settings/invitations.ts";
import { captchaEnabled, siteSettings } from "../site/settings/settings.ts";

const MINUTE = 60 * 1000;
/**
 * Password guessing is stopped per account and address (lockout.ts); per-address limits stop one machine hammering the
 * server. The latter are generous because a whole LAN party may reach Arena from one address
 * (behind a NAT or a proxy without TRUST_PROXY).
 */
export const limits = {
  loginPerAddress: { max: 300, windowMs: 15 * MINUTE },
  resetPerAddress: { max: 30, windowMs: 60 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 60 * MINUTE },
  signupPerAddress: { max: 100, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

const VERIFY_TOKEN_MS = 7 * 24 * 60 * MINUTE;
const RESET_TOKEN_MS = 60 * MINUTE;

export interface RequestOrigin {
  ip: string;
  userAgent?: string;
  lang: Language;
}

export async function signup(deps: AppDeps, input: SignupInput, origin: RequestOrigin): Promise<User> {
  await hitRateLimit(deps.db, `signup:ip:${origin.ip}`, limits.signupPerAddress, deps.now());
  const { signupsOpen } = await siteSettings(deps);
  if (!signupsOpen && !input.invite) throw new ForbiddenError("signups_closed");
  await assertAvailable(deps, input.username, input.email);
  const values = { username: input.username, email: input.email, passwordHash: await hashPassword(input.password) };
  // Closed sign-ups: the invitation's use is taken with the account, so a refused sign-up gives it back.
  const user = signupsOpen
    ? await insertUser(deps, values)
    : await inTransaction(deps.db, async (trx) => {
        await takeInvitationUse(trx, input.invite, deps.now());
        return insertUser({ ...deps, db: trx }, values);
      });
  await sendVerificationEmail(deps, user, origin.lang);
  return user;
}

async function assertAvailable(deps: AppDeps, username: string, email: string): Promise<void> {
  const taken = await deps.db
    .selectFrom("user")
    .select(["username", "email"])
    .where((eb) => eb.or([eb("username", "=", username), eb("email", "=", email)]))
    .execute();
  const fields = [];
  if (taken.some((u) => u.username.toLowerCase() === username.toLowerCase())) fields.push({ field: "username", code: "username_taken" as const });
  if (taken.some((u) => u.email.toLowerCase() === email.toLowerCase())) fields.push({ field: "email", code: "email_taken" as const });
  if (fields.length) throw new ConflictError(fields);
}

export async function insertUser(
  deps: AppDeps,
  values: { username: string; email: string; passwordHash: string | null; emailVerified?: boolean; role?: User["role"]; firstName?: string; lastName?: string },
): Promise<User> {
  const now = deps.now();
  try {
    return await deps.db
      .insertInto("user")
      .values({
        username: values.username,
        email: values.email,
        password_hash: values.passwordHash,
        role: values.role ?? "viewer",
        first_name: values.firstName ?? "",
        last_name: values.lastName ?? "",
        avatar: null,
        banner: null,
        email_verified_at: values.emailVerified ? now : null,
        last_login_at: null,
        suspended_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two signups racing for the same name: the database has the last word.
    if (isUniqueViolation(error, "username")) throw new ConflictError([{ field: "username", code: "username_taken" }]);
    if (isUniqueViolation(error, "email")) throw new ConflictError([{ field: "email", code: "email_taken" }]);
    throw error;
  }
}

async function issueToken(deps: AppDeps, userId: number, purpose: "verify_email" | "reset_password", ttlMs: number): Promise<string> {
  const token = newToken();
  const now = deps.now();
  // A new link replaces the older ones, so only the latest email works.
  await deps.db.updateTable("auth_token").set({ used_at: now }).where("user_id", "=", userId).where("purpose", "=", purpose).where("used_at", "is", null).execute();
  await deps.db
    .insertInto("auth_token")
    .values({ token_hash: hashToken(token), user_id: userId, purpose, created_at: now, expires_at: now + ttlMs, used_at: null })
    .execute();
  return token;
}

/** Marks a token used and returns its user id, or null when it is unknown, used or expired. Single use even under concurrent calls. */
async function consumeToken(deps: AppDeps, token: string, purpose: "verify_email" | "reset_password"): Promise<number | null> {
  const now = deps.now();
  const row = await deps.db
    .updateTable("auth_token")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

async function sendVerificationEmail(deps: AppDeps, user: User, lang: Language): Promise<void> {
  const token = await issueToken(deps, user.id, "verify_email", VERIFY_TOKEN_MS);
  const link = `${deps.config.publicUrl}/api/auth/verify/${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: translate(lang, "auth:verify_email_subject"),
    text: translate(lang, "auth:verify_email_body", { username: user.username, link }),
  });
}

export async function verifyEmail(deps: AppDeps, token: string): Promise<boolean> {
  const userId = await consumeToken(deps, token, "verify_email");
  if (userId === null) return false;
  await deps.db.updateTable("user").set({ email_verified_at: deps.now(), updated_at: deps.now() }).where("id", "=", userId).execute();
  return true;
}

export interface LoginResult {
  user: User;
  token: string;
  firstLogin: boolean;
}

export async function login(deps: AppDeps, input: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
  const now = deps.now();
  await hitRateLimit(deps.db, `login:ip:${origin.ip}`, limits.loginPerAddress, now);
  if (await captchaEnabled(deps)) await verifyCaptchaToken(deps.db, deps.config.secret, input.captchaToken, now);

  const column = input.login.includes("@") ? "email" : "username";
  const user = await deps.db.selectFrom("user").selectAll().where(column, "=", input.login).executeTakeFirst();
  const account = accountKey(user?.id, input.login);
  await assertNotLockedOut(deps.db, account, origin.ip, now);
  // Always one hash check, the decoy's for an unknown account: the answer's delay must not say whether it exists.
  const matches = await passwordMatches(input.password, user?.password_hash ?? null);
  if (!user || !matches) {
    await recordLoginFailure(deps.db, account, origin.ip, now);
    throw new UnauthorizedError("invalid_credentials");
  }
  if (user.suspended_at !== null) throw new ForbiddenError("account_suspended");
  // Verification is only asked for when mail really leaves the server; otherwise nobody could ever receive the link.
  if (deps.mailer.delivers && user.email_verified_at === null) {
    await sendVerificationEmail(deps, user, origin.lang);
    throw new ForbiddenError("email_not_verified");
  }
  await forgiveAddress(deps.db, account, origin.ip);
  return startSession(deps, user, input.rememberMe, origin.userAgent);
}

/** Opens a session for an authenticated user and records the login. */
export async function startSession(deps: AppDeps, user: User, remember: boolean, userAgent?: string): Promise<LoginResult> {
  const now = deps.now();
  const token = await createSession(deps.db, user.id, remember, now, userAgent);
  const firstLogin = user.last_login_at === null;
  const updated = await deps.db.updateTable("user").set({ last_login_at: now }).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow();
  return { user: updated, token, firstLogin };
}

/** Answers the same whether or not the address exists, so the form cannot be used to find accounts. */
export async function requestPasswordReset(deps: AppDeps, email: string, origin: RequestOrigin): Promise<void> {
  const now = deps.now();
  await hitRateLimit(deps.db, `reset:ip:${origin.ip}`, limits.resetPerAddress, now);
  await hitRateLimit(deps.db, resetAccountKey(email), limits.resetPerAccount, now);
  const user = await deps.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();
  if (!user || user.suspended_at !== null) return;
  await sendPasswordResetMail(deps, user, origin.lang);
}

/** A one-hour reset link, mailed to the account's address (the member asked, or an admin did for them). */
export async function sendPasswordResetMail(deps: AppDeps, user: User, lang: Language): Promise<void> {
  const token = await issueToken(deps, user.id, "reset_password", RESET_TOKEN_MS);
  const link = `${deps.config.publicUrl}/new-password/${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: translate(lang, "auth:reset_email_subject"),
    text: translate(lang, "auth:reset_email_body", { username: user.username, link }),
  });
}

/** The password reset requests of one address, counted together (the bucket's key names the address). */
export const resetAccountKey = (email: string) => `reset:account:${email.toLowerCase()}`;

export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const userId = await consumeToken(deps, token, "reset_password");
  if (userId === null) throw new BadRequestError("reset_token_invalid");
  const now = deps.now();
  const passwordHash = await hashPassword(password);
  // Following the emailed link proves the address, so it counts as verified too.
  await deps.db
    .updateTable("user")
    .set((eb) => ({ password_hash: passwordHash, email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(now)), updated_at: now }))
    .where("id", "=", userId)
    .execute();
  await endSessions(deps.db, deps.bus, { userId });
  // The owner proved the address: whoever was guessing from elsewhere no longer stands in their way.
  await forgiveAccount(deps.db, userAccountKey(userId));
}

export async function updateFullName(deps: AppDeps, user: User, firstName: string, lastName: string): Promise<User> {
  return deps.db.updateTable("user").set({ first_name: firstName, last_name: lastName, updated_at: deps.now() }).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow();
}

export async function updateUsername(deps: AppDeps, user: User, username: string): Promise<User> {
  const owner = await deps.db.selectFrom("user").select("id").where("username", "=", username).executeTakeFirst();
  if (owner && owner.id !== user.id) throw new ConflictError([{ field: "username", code: "username_taken" }]);
  try {
    const renamed = await deps.db.updateTable("user").set({ username, updated_at: deps.now() }).where("id", "=", user.id).returningAll().executeTakeFirstOrThrow();
    // A live's playback address follows the name its key publishes under; the old name leads nowhere from now on.
    forgetChannelName(deps.db, user.username);
    await deps.signals.notify(STREAM_KEYS_CHANGED);
    return renamed;
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw new ConflictError([{ field: "username", code: "username_taken" }]);
    throw error;
  }
}

/** Changes the password, ends every session of the account, and opens a fresh one for the caller. */
export async function changePassword(deps: AppDeps, user: User, input: { oldPassword: string; newPassword: string }, remember: boolean, userAgent?: string): Promise<string> {
  if (!user.password_hash || !(await passwordIs(input.oldPassword, user.password_hash))) {
    throw new InvalidError([{ field: "oldPassword", code: "wrong_password" }]);
  }
  if (input.oldPassword === input.newPassword) throw new InvalidError([{ field: "newPassword", code: "same_password" }]);
  await deps.db
    .updateTable("user")
    .set({ password_hash: await hashPassword(input.newPassword), updated_at: deps.now() })
    .where("id", "=", user.id)
    .execute();
  await endSessions(deps.db, deps.bus, { userId: user.id });
  return createSession(deps.db, user.id, remember, deps.now(), userAgent);
}

export async function logOut(deps: AppDeps, session: { user: User; sessionHash: string }): Promise<void> {
  await endSessions(deps.db, deps.bus, { userId: session.user.id, sessionHash: session.sessionHash });
}

/** A new avatar or banner: the picture is stored first, the old one removed once the account points at the new. */
export async function replaceProfileImage(deps: AppDeps, user: User, column: "avatar" | "banner", file: unknown): Promise<string> {
  const path = await storeImage(deps, file, imageKinds[column], user.id);
  await deps.db
    .updateTable("user")
    .set({ [column]: path, updated_at: deps.now() })
    .where("id", "=", user.id)
    .execute();
  await removeUpload(user[column], deps.config.mediaDir);
  return path;
}
