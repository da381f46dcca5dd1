import clsx from "clsx";
import type { ReactNode } from "react";

type BadgeTone = "live" | "primary" | "success" | "warning" | "danger" | "neutral";

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={clsx("badge", `badge-${tone}`)}>{children}</span>;
}
