import { createFileRoute } from "@tanstack/react-router";
import { ImageUpload } from "../../features/profile/components/image-upload.tsx";
import { SettingsPage } from "../../features/settings/components/settings-page.tsx";

export const Route = createFileRoute("/_auth/settings/")({ component: SettingsRoute });

/** The profile tab shows the profile feature's avatar upload: this route composes the two features. */
function SettingsRoute() {
  return <SettingsPage avatarUpload={<ImageUpload kind="avatar" look="button" />} />;
}
