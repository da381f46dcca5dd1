import { createFileRoute, notFound, Outlet } from "@tanstack/react-router";

/**
 * Developer screens (/components, /translation-test): every build has them, for the browser tests and
 * local work, except one made with VITE_DEV_SCREENS=false, as the Docker image is; there they are not found.
 */
const devScreens = import.meta.env.VITE_DEV_SCREENS !== "false";

export const Route = createFileRoute("/_dev")({
  beforeLoad: () => {
    if (!devScreens) throw notFound();
  },
  component: Outlet,
});
