import { createFileRoute } from "@tanstack/react-router";
import { HowToStreamPage } from "../features/legal/components/how-to-stream-page.tsx";
import { sessionStore } from "../data/session.ts";
import { goLiveStore, openAuthModal } from "../lib/ui.ts";
import { ingestAddressQueryOptions } from "../features/legal/api/get-ingest-address.ts";
import { startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/how-to-stream")({
  loader: ({ context }) => startQuery(context.queryClient, ingestAddressQueryOptions()),
  component: HowToStreamScreen,
});

function HowToStreamScreen() {
  // Same as the sidebar's Go Live: the stream setup panel when logged in, the signup tab otherwise.
  const openGoLive = () => (sessionStore.get().isLoggedIn ? goLiveStore.set(true) : openAuthModal("signup"));
  return <HowToStreamPage onOpenGoLive={openGoLive} />;
}
