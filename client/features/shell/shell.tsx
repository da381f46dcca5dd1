import { useLocation } from "@tanstack/react-router";
import clsx from "clsx";
import type { ReactNode } from "react";
import { Spinner } from "../../components/spinner.tsx";
import { useGlobalLoading } from "../../lib/ui.ts";
import { FloatingGoLive, GoLiveModal } from "./go-live.tsx";
import { shellModeFor } from "./layout-rules.ts";
import { Sidebar } from "./sidebar.tsx";
import { useSidebar } from "./sidebar-state.ts";
import { TopBar } from "./top-bar.tsx";

/** The frame every screen lives in: top bar, sidebar and content, or less on the pages spec 01 §2 names. */
export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const mode = shellModeFor(pathname);
  const loading = useGlobalLoading();
  const { collapsed, phone } = useSidebar();
  const content = loading ? (
    <div className="global-loader">
      <Spinner size={48} label="Loading" />
    </div>
  ) : (
    children
  );
  if (mode === "bare") return <div className="bare-page">{content}</div>;
  return (
    <div className={clsx("shell", mode === "slim" && "shell-slim", collapsed && "shell-collapsed", phone && "shell-phone")}>
      <TopBar slim={mode === "slim"} />
      {mode === "full" ? <Sidebar /> : null}
      <div className="shell-content" id="main-content">
        {content}
      </div>
      {mode === "full" && phone ? <FloatingGoLive /> : null}
      <GoLiveModal />
    </div>
  );
}
