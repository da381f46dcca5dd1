import clsx from "clsx";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Spinner } from "./spinner.tsx";

type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "sm" | "md";
  /** While busy the button is disabled and shows `busyLabel` (the spec's "…ing" text). */
  busy?: boolean;
  busyLabel?: ReactNode;
  icon?: ReactNode;
}

export function Button({ variant = "primary", size = "md", busy, busyLabel, icon, className, children, disabled, type = "button", ...rest }: ButtonProps) {
  return (
    <button type={type} className={clsx("btn", `btn-${variant}`, size === "sm" && "btn-sm", className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner size={16} /> : icon}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
