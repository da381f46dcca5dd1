import { useLocation } from "@tanstack/react-router";
import clsx from "clsx";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/spinner.tsx";
import { useGlobalLoading } from "../../../lib/ui.ts";
import { FloatingGoLive, GoLiveModal } from "./go-live.tsx";
import { shellModeFor } from "../../../features/shell/layout-rules.ts";
import { Sidebar } from "./sidebar.tsx";
import { useSidebar } from "../../../features/shell/sidebar-state.ts";
import { TopBar } from "./top-bar.tsx";

/** The frame every screen lives in: top bar, sidebar and content, or less on the pages spec 01 §2 names. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mode = shellModeFor(pathname);
  const loading = useGlobalLoading();
  const { collapsed, phone } = useSidebar();
  const content = loading ? (
    <div className="global-loader">
      <Spinner size={48} label={t("components:loading")} />
    </div>
  ) : (
    children
  );
  if (mode === "bare") return <div className="bare-page">{content}</div>;
  if (mode === "embed") return <div className="embed-root">{content}</div>;
  return (
    <div className={clsx("shell", mode === "slim" && "shell-slim", collapsed && "shell-collapsed", phone && "shell-phone")}>
      <SkipToContent />
      <TopBar slim={mode === "slim"} />
      {mode === "full" ? <Sidebar /> : null}
      <div className="shell-content" id={MAIN_CONTENT} tabIndex={-1}>
        {content}
      </div>
      {mode === "full" && phone ? <FloatingGoLive /> : null}
      <GoLiveModal />
    </div>
  );
}

const MAIN_CONTENT = "main-content";

/**
 * The first thing Tab reaches on every page: it jumps over the top bar and the sidebar. Hidden until
 * focused. Focus is moved by hand because the router owns the URL (a "#" would not move it).
 */
function SkipToContent() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT);
    main?.focus({ preventScroll: true });
    main?.scrollIntoView({ block: "start" });
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT}`} onClick={skip}>
      {t("skip_to_content")}
    </a>
  );
}
