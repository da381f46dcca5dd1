import type { z } from "zod";
import { EmailSchema, NewPasswordSchema, PasswordSchema, UsernameSchema } from "../../server/auth/schemas.ts";
import "../i18n/screens/errors.ts";

/** The first rule a value breaks, as an errors-namespace code; the server checks the same schemas. */
function firstError(schema: z.ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export const checkUsername = (value: string) => firstError(UsernameSchema, value);
export const checkEmail = (value: string) => firstError(EmailSchema, value);
export const checkPassword = (value: string) => firstError(PasswordSchema, value);
export const checkNewPassword = (value: string) => firstError(NewPasswordSchema, value);

/** A value with an @ is checked as an email, anything else as a username (spec 01 §5). */
export const checkLogin = (value: string) => (value.includes("@") ? checkEmail(value) : checkUsername(value));

export function checkConfirmation(password: string, confirmation: string): string | undefined {
  if (!confirmation) return "empty_field";
  return password === confirmation ? undefined : "confirm_password_mismatch";
}

/** Codes found by the checks above, as the texts shown under each field; fields without a problem are left out. */
export function fieldTexts<F extends string>(codes: Record<F, string | undefined>, t: (key: string) => string): Partial<Record<F, string>> {
  const texts: Partial<Record<F, string>> = {};
  for (const field of Object.keys(codes) as F[]) {
    const code = codes[field];
    if (code) texts[field] = t(`errors:${code}`);
  }
  return texts;
}

/** Moves focus to the first field marked invalid, once React has drawn the messages. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** Puts the caret in a form's first field when it appears, unless the user is moving through the tabs above it. */
export function focusFirstField(form: HTMLFormElement | null): void {
  if (document.activeElement?.closest('[role="tablist"]')) return;
  form?.querySelector<HTMLElement>("input:not([disabled])")?.focus();
}
