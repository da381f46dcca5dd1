import { Link, type LinkProps } from "@tanstack/react-router";
import { CalendarPlus, CalendarDays, Coins, Radio, Settings, Shield, Trophy, User } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useDashboard } from "../../../features/dashboards/api/get-dashboard.ts";
import { ChannelSummary } from "../../../features/dashboards/components/channel-summary.tsx";
import { StreamHealthPanel } from "../../../features/health/components/stream-health-panel.tsx";
import { useSession } from "../../../data/session.ts";
import { ModerationQueue } from "../../../features/reports/components/moderation-queue.tsx";
import { StationRequests } from "../../../features/tournaments/components/station-requests.tsx";
import { goLiveStore } from "../../../lib/ui.ts";
import "../../../styles/community.css";
import "../../../i18n/screens/community.ts";

type Tile = { label: string; icon: ReactNode } & ({ link: LinkProps } | { onClick: () => void });

/**
 * /dashboard (spec 02 §2, §6): a title and description for the caller's role, quick-action tiles and
 * stat cards with the server's real figures, the member's channel once it has gone live; moderators and admins
 * also get the report queue.
 */
export function RoleDashboard() {
  const { t } = useTranslation("community");
  const { user } = useSession();
  const dashboard = useDashboard();
  const role = dashboard.data?.role ?? user?.role ?? "viewer";
  const tiles = tilesFor(role, t);
  return (
    <main className="page dashboard-page">
      <header>
        <h1>{t(`dashboard_title_${role}`, { defaultValue: t("dashboard_title_viewer") })}</h1>
        <p className="muted">{t(`dashboard_text_${role}`, { defaultValue: t("dashboard_text_viewer") })}</p>
      </header>
      {/* What waits for the member's answer comes first. */}
      <StationRequests />
      <nav className="dashboard-tiles" aria-label={t("quick_actions")}>
        {tiles.map((tile) =>
          "link" in tile ? (
            <Link key={tile.label} {...tile.link} className="dashboard-tile">
              {tile.icon}
              <span>{tile.label}</span>
            </Link>
          ) : (
            <button key={tile.label} type="button" className="dashboard-tile" onClick={tile.onClick}>
              {tile.icon}
              <span>{tile.label}</span>
            </button>
          ),
        )}
      </nav>
      <QueryState
        query={dashboard}
        pending={
          <div className="dashboard-stats">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={96} />
            ))}
          </div>
        }
        failure={t("dashboard_load_failed")}
      >
        {(data) => (
          <section className="dashboard-stats" aria-label={t("stats")}>
            {Object.entries(data.stats).map(([key, value]) => (
              <div key={key} className="dashboard-stat">
                <span className="dashboard-stat-value tabular">{key === "revenue" ? t("gcoins", { value: value.toLocaleString() }) : value.toLocaleString()}</span>
                <span className="muted">{t(`stat_${key}`)}</span>
              </div>
            ))}
          </section>
        )}
      </QueryState>
      {dashboard.data?.channel ? <ChannelSummary channel={dashboard.data.channel} /> : null}
      {dashboard.data?.channel && user ? <StreamHealthPanel username={user.username} /> : null}
      {role === "moderator" || role === "admin" ? <ModerationQueue /> : null}
    </main>
  );
}

function tilesFor(role: string, t: (key: string) => string): Tile[] {
  const profile: Tile = { label: t("tile_profile"), icon: <User size={22} aria-hidden />, link: { to: "/profile" } };
  const settings: Tile = { label: t("tile_settings"), icon: <Settings size={22} aria-hidden />, link: { to: "/settings" } };
  const events: Tile = { label: t("tile_events"), icon: <CalendarDays size={22} aria-hidden />, link: { to: "/events" } };
  const tournaments: Tile = { label: t("tile_tournaments"), icon: <Trophy size={22} aria-hidden />, link: { to: "/tournaments" } };
  const createEvent: Tile = { label: t("tile_create_event"), icon: <CalendarPlus size={22} aria-hidden />, link: { to: "/create-event" } };
  const goLive: Tile = { label: t("tile_go_live"), icon: <Radio size={22} aria-hidden />, onClick: () => goLiveStore.set(true) };
  const wallet: Tile = { label: t("tile_wallet"), icon: <Coins size={22} aria-hidden />, link: { to: "/wallet/history" } };
  switch (role) {
    case "streamer":
      return [goLive, events, tournaments, settings];
    case "organizer":
      return [
        createEvent,
        { label: t("tile_my_events"), icon: <CalendarDays size={22} aria-hidden />, link: { to: "/my-events" } },
        { label: t("tile_create_tournament"), icon: <Trophy size={22} aria-hidden />, link: { to: "/create-tournament" } },
        wallet,
      ];
    case "moderator":
      return [events, tournaments, wallet, settings];
    case "admin":
      return [{ label: t("tile_admin"), icon: <Shield size={22} aria-hidden />, link: { to: "/admin" } }, events, tournaments, wallet, settings];
    default:
      return [profile, events, tournaments, wallet];
  }
}
