import { useQueryClient } from "@tanstack/react-query";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { QueryFailure } from "../../components/query-state.tsx";

/**
 * The router's answer when a screen throws while it loads or draws (its code did not arrive, an answer of an
 * unexpected shape): said in the user's language with a Retry, inside the frame, instead of TanStack's English
 * "Something went wrong!". It ships in the first load: a screen whose code failed to load may be the reason.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => console.error(error), [error]);
  // Another try asks the server again: the answer that broke the screen may sit in the cache, still fresh. The
  // screen is gone, so its queries have no observer left; the frame's own (sidebar, balance) stay.
  const retry = () => {
    queryClient.removeQueries({ type: "inactive" });
    void router.invalidate();
  };
  return (
    <main className="page">
      <QueryFailure page failure={{ title: t("route_error_title"), text: t("route_error_text") }} onRetry={retry} />
    </main>
  );
}
