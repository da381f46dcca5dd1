import { createFileRoute } from "@tanstack/react-router";
import { ImageUpload } from "../../features/profile/components/image-upload.tsx";
import { SettingsPage } from "../../features/settings/components/settings-page.tsx";
import { isSettingsTab, type SettingsTab } from "../../features/settings/settings-tabs.ts";
import { RaidSettingsPanel } from "../../features/raids/components/raid-settings-panel.tsx";
import { TokensPanel } from "../../features/tokens/components/tokens-panel.tsx";
import { OverlaysPanel } from "../../features/overlays/components/overlays-panel.tsx";
import { WebhooksPanel } from "../../features/webhooks/components/webhooks-panel.tsx";
import { useSession } from "../../data/session.ts";
import { lazy, Suspense } from "react";

// Imported when shown, from this screen's chunk: the fediverse's code stays out of the first load's list of chunks.
const FediversePanel = lazy(() => import("../../features/fediverse/components/fediverse-panel.tsx").then((module) => ({ default: module.FediversePanel })));

export const Route = createFileRoute("/_auth/settings/")({
  component: SettingsRoute,
  // ?tab=privacy opens Personal data (the export-ready notification and mail link there).
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } => (isSettingsTab(search.tab) ? { tab: search.tab } : {}),
});

/**
 * The profile tab shows the profile feature's avatar upload, the integrations tab the channel's OBS overlays, webhooks
 * and the member's tokens, the fediverse tab the channel there, the raids tab who may raid the channel: this route composes the features.
 */
function SettingsRoute() {
  const { tab } = Route.useSearch();
  const username = useSession().user?.username;
  return (
    <SettingsPage
      avatarUpload={<ImageUpload kind="avatar" look="button" />}
      integrations={
        <>
          <OverlaysPanel />
          <WebhooksPanel owner={{ scope: "channel" }} />
          <TokensPanel />
        </>
      }
      fediverse={
        username ? (
          <Suspense fallback={null}>
            <FediversePanel username={username} />
          </Suspense>
        ) : null
      }
      raids={<RaidSettingsPanel />}
      initialTab={tab}
    />
  );
}
