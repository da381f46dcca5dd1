import { createFileRoute } from "@tanstack/react-router";
import { ImageUpload } from "../../features/profile/components/image-upload.tsx";
import { SettingsPage } from "../../features/settings/components/settings-page.tsx";
import { isSettingsTab, type SettingsTab } from "../../features/settings/settings-tabs.ts";
import { RaidSettingsPanel } from "../../features/raids/components/raid-settings-panel.tsx";
import { TokensPanel } from "../../features/tokens/components/tokens-panel.tsx";
import { OverlaysPanel } from "../../features/overlays/components/overlays-panel.tsx";
import { WebhooksPanel } from "../../features/webhooks/components/webhooks-panel.tsx";
import { FediversePanel } from "../../features/fediverse/components/fediverse-panel.tsx";
import { useSession } from "../../data/session.ts";

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
      fediverse={username ? <FediversePanel username={username} /> : null}
      raids={<RaidSettingsPanel />}
      initialTab={tab}
    />
  );
}
