import { type ApiAnswer, apiAnswer } from "../../../lib/api.ts";

interface FieldMessage {
  field: string;
  code?: string;
  msg: string;
}

/** What the auth screens read from an answer (spec 01 §8): success, a message, per-field messages. */
interface AnswerBody {
  success?: boolean;
  code?: string;
  msg?: string;
  message?: string;
  errors?: FieldMessage[];
}

export type Answer<T> = ApiAnswer<T & AnswerBody>;

/**
 * POSTs JSON and hands back the whole answer, or null when none came. The login and sign-up forms
 * need the status, its text, and whether `msg` or `errors` were there at all, which `api()` folds
 * into one error.
 */
export function postJson<T = unknown>(path: string, body: unknown): Promise<Answer<T> | null> {
  return apiAnswer<T & AnswerBody>(path, { method: "POST", body });
}

/** Field messages worth showing: a field name and a text. */
export function fieldMessages(body: AnswerBody | undefined): FieldMessage[] {
  return (Array.isArray(body?.errors) ? body.errors : []).filter((e) => typeof e?.field === "string" && typeof e.msg === "string" && e.msg !== "");
}

/**
 * Splits server field messages into those a form shows under its own fields and the rest, which
 * would otherwise go unseen (they become a toast).
 */
export function splitFieldMessages<F extends string>(messages: FieldMessage[], fields: readonly F[]) {
  const shown: Partial<Record<F, string>> = {};
  const others: string[] = [];
  const isFormField = (name: string): name is F => fields.some((own) => own === name);
  for (const { field, msg } of messages) {
    if (isFormField(field)) shown[field] ??= msg;
    else others.push(msg);
  }
  return { shown, others };
}
