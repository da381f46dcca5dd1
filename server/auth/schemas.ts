import { z } from "zod";

// Messages are i18n keys of the errors namespace: the server translates them, the web app shows t(`errors:${code}`).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

const requiredText = () => z.string({ error: "empty_field" }).trim().min(1, "empty_field");

export const UsernameSchema = requiredText().min(3, "username_too_short").max(20, "username_too_long").regex(USERNAME_PATTERN, "username_invalid_chars");

export const EmailSchema = requiredText().max(254, "email_invalid").regex(EMAIL_PATTERN, "email_invalid");

// Passwords are never trimmed: spaces are characters the user chose.
export const PasswordSchema = z.string({ error: "empty_field" }).min(1, "empty_field").min(8, "password_too_short").max(128, "password_too_long");
export const NewPasswordSchema = z.string({ error: "empty_field" }).min(1, "empty_field").min(8, "new_password_too_short").max(128, "password_too_long");

export const SignupSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  /** The token of an admin's invitation link (?invite=), needed while sign-ups are closed. */
  invite: z.string().max(100).optional(),
});
export type SignupInput = z.infer<typeof SignupSchema>;

/** `login` holds a username or an email: with an @ it is checked as an email, otherwise as a username. */
export const LoginSchema = z.object({
  login: requiredText().superRefine((value, ctx) => {
    const result = (value.includes("@") ? EmailSchema : UsernameSchema).safeParse(value);
    if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]!.message });
  }),
  password: PasswordSchema,
  rememberMe: z.boolean().optional().default(false),
  captchaToken: z.string().optional(),
  /** Asks for the session token in the answer, for clients that send it as a Bearer header (scanners, scripts). */
  returnToken: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ResetRequestSchema = z.object({ email: EmailSchema });
export const ResetPasswordSchema = z.object({ password: NewPasswordSchema });
export const TokenParamSchema = z.object({ token: z.string().min(1).max(200) });

export const FullNameSchema = z.object({
  firstName: z.string({ error: "empty_field" }).trim().max(50, "name_too_long"),
  lastName: z.string({ error: "empty_field" }).trim().max(50, "name_too_long"),
});
export const ChangeUsernameSchema = z.object({ username: UsernameSchema });
export const ChangePasswordSchema = z.object({
  oldPassword: z.string({ error: "empty_field" }).min(1, "empty_field"),
  newPassword: PasswordSchema,
});

export const UploadSchema = z.object({ filename: z.any().optional() });

export const OAuthProviderParamSchema = z.object({ provider: z.enum(["google", "facebook"]) });

export const RoleSchema = z.enum(["viewer", "streamer", "organizer", "moderator", "admin"], { error: "role_invalid" });

/** The account as its owner sees it. `_id` repeats `id` because the screens read either. */
export const MeSchema = z.object({
  id: z.number(),
  _id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  about: z.string(),
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
  role: RoleSchema,
  verified: z.boolean(),
  emailVerified: z.boolean(),
  /** False for accounts that only sign in with Google or Facebook (deleting one is confirmed by typing the username). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof MeSchema>;

/** What anybody may read about a user: no email, no role-sensitive detail beyond the role name. */
export const PublicUserSchema = MeSchema.omit({ email: true, emailVerified: true, hasPassword: true });
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const LoginResponseSchema = z.object({ success: z.literal(true), firstLogin: z.boolean(), user: MeSchema, token: z.string().optional() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export const UserResponseSchema = z.object({ success: z.literal(true), user: MeSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;
export const SuccessMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessageSchema>;
export const AvatarResponseSchema = z.object({ success: z.literal(true), message: z.string(), newAvatar: z.string(), avatar: z.string() });
export const BannerResponseSchema = z.object({ success: z.literal(true), message: z.string(), newBanner: z.string(), banner: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponseSchema>;
export type BannerResponse = z.infer<typeof BannerResponseSchema>;

export const AuthOptionsSchema = z.object({
  captcha: z.boolean(),
  providers: z.object({ google: z.boolean(), facebook: z.boolean() }),
  /** DEMO mode: anyone may add 1,000 test G-Coins to their own wallet (/top-up). */
  testTopUp: z.boolean(),
});
export type AuthOptions = z.infer<typeof AuthOptionsSchema>;

/** An ALTCHA (v2) proof-of-work challenge, as altcha-lib's createChallenge makes it and the widget solves it. */
const CaptchaChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().optional(),
    codeChallenge: z.object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() }).optional(),
  })
  .meta({ id: "CaptchaChallenge" });
/** `challenge` only when the captcha is on. */
export const CaptchaResponseSchema = z.object({ enabled: z.boolean(), challenge: CaptchaChallengeSchema.optional() });
export type CaptchaResponse = z.infer<typeof CaptchaResponseSchema>;
