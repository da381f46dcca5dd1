import { createFileRoute, redirect } from "@tanstack/react-router";
import { ProfilePage } from "./-components/profile-page.tsx";
import { sessionStore, useSession } from "../data/session.ts";

// One's own profile needs a session: a visitor goes home with the login dialog open, as on guarded routes.
export const Route = createFileRoute("/profile/")({
  beforeLoad: () => {
    if (!sessionStore.get().isLoggedIn) throw redirect({ to: "/", search: { noAuth: true } });
  },
  component: OwnProfileScreen,
});

function OwnProfileScreen() {
  const { user } = useSession();
  if (!user) return null;
  return <ProfilePage key={user.username} username={user.username} own />;
}
