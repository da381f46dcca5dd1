import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { sessionStore } from "../data/session.ts";

/** Every screen that needs a login sits under this layout: a visitor goes home with the auth modal open. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: () => {
    if (!sessionStore.get().isLoggedIn) throw redirect({ to: "/", search: { noAuth: true } });
  },
  component: Outlet,
});
