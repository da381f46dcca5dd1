import type { ReactNode } from "react";
import { Skeleton } from "./skeleton.tsx";

/** A list's three states: a skeleton while it loads, a sentence when it is empty, else its items. */
export function List({ loading, empty, items }: { loading: boolean; empty: string; items: ReactNode[] }) {
  if (loading) return <Skeleton height={180} />;
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return <>{items}</>;
}
