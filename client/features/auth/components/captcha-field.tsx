import type { AltchaWidgetElement } from "altcha";
import { solveChallenge } from "altcha-lib";
import type { TFunction } from "i18next";
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CaptchaResponse } from "../../../../server/auth/schemas.ts";
import { api } from "../../../lib/api.ts";
import { deriveKeySha256 } from "../sha256.ts";
import "../../../i18n/screens/errors.ts";
import "../../../i18n/screens/auth.ts";

/** What the login form can ask of the captcha: a fresh proof after a try used the last one up. */
export interface CaptchaControls {
  renew(): void;
}

interface CaptchaFieldProps {
  /** The base64 proof the server verifies (`captchaToken`), or undefined while there is none. */
  onToken(token: string | undefined): void;
  error?: string | undefined;
  controls?: Ref<CaptchaControls>;
}

const CHALLENGE_URL = "/api/auth/captcha";

/**
 * The login captcha (spec 01 §2, §5): ALTCHA's proof of work, solved in the browser against a
 * challenge from our own server. The `altcha` widget runs it where the page is a secure context (HTTPS
 * or localhost). Browsers give plain-HTTP pages (a LAN party laptop's address) no WebCrypto and the
 * widget refuses them, so there a checkbox of ours solves the same challenge with a JavaScript SHA-256.
 */
export function CaptchaField({ onToken, error, controls }: CaptchaFieldProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const secure = window.isSecureContext && Boolean(window.crypto?.subtle);
  return (
    <div className={error ? "captcha-field captcha-invalid" : "captcha-field"}>
      {secure ? <AltchaCaptcha onToken={onToken} controls={controls} /> : <PlainCaptcha onToken={onToken} controls={controls} />}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="field-hint">{t("auth:captcha_note")}</p>
    </div>
  );
}

/** The widget's texts, from our dictionaries (the code-challenge ones, unused here, stay ALTCHA's English). */
function widgetTexts(t: TFunction): Record<string, string> {
  return {
    ...globalThis.$altcha.i18n.get("en"),
    label: t("auth:captcha_label"),
    loading: t("auth:captcha_loading"),
    verifying: t("auth:captcha_verifying"),
    verified: t("auth:captcha_verified"),
    error: t("auth:captcha_error"),
    expired: t("auth:captcha_expired"),
    verificationRequired: t("errors:captcha_required"),
    waitAlert: t("auth:captcha_wait"),
    cancel: t("common:cancel"),
  };
}

/** Our /api/auth/captcha wraps the challenge ({enabled, challenge}); the widget wants the challenge itself. */
async function fetchBareChallenge(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: "same-origin" });
  if (!response.ok) return response;
  const { challenge } = (await response.json()) as Partial<CaptchaResponse>;
  return new Response(JSON.stringify(challenge ?? null), { headers: { "content-type": "application/json" } });
}

function AltchaCaptcha({ onToken, controls }: Omit<CaptchaFieldProps, "error">) {
  const { t } = useTranslation(["auth", "errors", "common"]);
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const latest = useRef(onToken);
  latest.current = onToken;
  const [ready, setReady] = useState(false);

  useImperativeHandle(controls, () => ({ renew: () => void widget.current?.verify() }), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget is made once, with the texts of that moment; the next effect follows the language.
  useEffect(() => {
    let element: AltchaWidgetElement | undefined;
    let cancelled = false;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      latest.current(state === "verified" && payload ? payload : undefined);
    };
    // The widget (34 KB gzip) loads only where a captcha is asked for.
    void import("altcha").then(() => {
      if (cancelled || !host.current) return;
      globalThis.$altcha.i18n.set("arena", widgetTexts(t));
      globalThis.$altcha.defaults.set({
        challenge: CHALLENGE_URL,
        // Bun's types give `fetch` a `preconnect` member that a browser's fetch has no use for.
        fetch: fetchBareChallenge as typeof fetch,
        language: "arena",
        hideFooter: true,
        hideLogo: true,
        humanInteractionSignature: false,
      });
      element = document.createElement("altcha-widget");
      element.setAttribute("name", "captchaToken");
      element.addEventListener("statechange", onState);
      host.current.append(element);
      widget.current = element;
      setReady(true);
    });
    return () => {
      cancelled = true;
      element?.removeEventListener("statechange", onState);
      element?.remove();
      widget.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) globalThis.$altcha.i18n.set("arena", widgetTexts(t));
    // `t` changes with the language, so the widget's texts follow it.
  }, [ready, t]);

  return <div ref={host} className="captcha-widget" />;
}

type PlainState = "unverified" | "verifying" | "verified" | "error" | "expired";

/** The same proof of work without the widget: a checkbox that fetches a challenge and solves it on the page. */
function PlainCaptcha({ onToken, controls }: Omit<CaptchaFieldProps, "error">) {
  const { t } = useTranslation(["auth"]);
  const [state, setState] = useState<PlainState>("unverified");
  const run = useRef(0);
  const expiry = useRef<number | undefined>(undefined);
  const latest = useRef(onToken);
  latest.current = onToken;

  // Reads only refs and state setters, so one function serves every render (and the handle below).
  const verify = useCallback(async () => {
    const current = ++run.current;
    window.clearTimeout(expiry.current);
    setState("verifying");
    latest.current(undefined);
    try {
      const { challenge } = await api<CaptchaResponse>("/auth/captcha");
      // A server with the captcha turned off sends none: nothing to solve, as when solving fails.
      if (!challenge) throw new Error("no challenge");
      const solution = await solveChallenge({ challenge, deriveKey: deriveKeySha256 });
      if (current !== run.current) return;
      if (!solution) throw new Error("no solution");
      latest.current(btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })));
      setState("verified");
      const expiresAt = challenge.parameters.expiresAt;
      if (expiresAt) {
        expiry.current = window.setTimeout(
          () => {
            latest.current(undefined);
            setState("expired");
          },
          expiresAt * 1000 - Date.now(),
        );
      }
    } catch {
      if (current === run.current) setState("error");
    }
  }, []);

  function clear() {
    run.current++;
    window.clearTimeout(expiry.current);
    latest.current(undefined);
    setState("unverified");
  }

  useImperativeHandle(controls, () => ({ renew: () => void verify() }), [verify]);
  useEffect(() => () => window.clearTimeout(expiry.current), []);

  const status = { unverified: "", verifying: t("auth:captcha_verifying"), verified: t("auth:captcha_verified"), error: t("auth:captcha_error"), expired: t("auth:captcha_expired") }[state];
  return (
    <div className="captcha-plain" data-state={state}>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={state === "verified" || state === "verifying"}
          disabled={state === "verifying"}
          aria-busy={state === "verifying" || undefined}
          onChange={(event) => (event.target.checked ? void verify() : clear())}
        />
        <span>{t("auth:captcha_label")}</span>
      </label>
      <span className="captcha-status" role="status">
        {status}
      </span>
    </div>
  );
}
