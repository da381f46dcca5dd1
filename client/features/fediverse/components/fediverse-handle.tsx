import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { actorQueryOptions } from "../api/fediverse.ts";

// Its look, texts and copy button load only once the site says the thing is on the fediverse: off, a page pays one
// small request and nothing else.
const HandleLine = lazy(() => import("./handle-line.tsx").then((module) => ({ default: module.HandleLine })));

/** "Sur le fédivers : @name@host", with a copy button, on a public page; nothing when federation is off. */
export function FediverseHandle({ identifier }: { identifier: string }) {
  const actor = useQuery(actorQueryOptions(identifier));
  if (!actor.data) return null;
  return (
    <Suspense fallback={null}>
      <HandleLine handle={actor.data.handle} />
    </Suspense>
  );
}
