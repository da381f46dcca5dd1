import { Link } from "@tanstack/react-router";
import clsx from "clsx";
import { CalendarDays, CalendarHeart, Home, LogOut, type LucideIcon, Medal, Radio, Ticket, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { formatCount } from "../../../lib/format.ts";
import { useSession } from "../../../data/session.ts";
import { goLiveStore, openAuthModal } from "../../../lib/ui.ts";
import { useSidebarChannels } from "../../../features/shell/api/get-sidebar-channels.ts";
import { logout } from "../../../features/shell/logout.ts";
import { LanguageSelect, ThemeToggle } from "./preferences.tsx";
import { mobileDrawerStore, useSidebar } from "../../../features/shell/sidebar-state.ts";

interface NavItem {
  label: string;
  icon: LucideIcon;
  to?: string;
  onClick?: () => void;
}

export function Sidebar() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const { collapsed, phone, drawerOpen } = useSidebar();
  const closeDrawer = () => mobileDrawerStore.set(false);

  const items: NavItem[] = [
    { label: t("nav_home"), icon: Home, to: "/" },
    { label: t("nav_go_live"), icon: Radio, onClick: () => (isLoggedIn ? goLiveStore.set(true) : openAuthModal("signup")) },
    { label: t("nav_events"), icon: CalendarDays, to: "/events" },
    { label: t("nav_tournaments"), icon: Trophy, to: "/tournaments" },
    ...(isLoggedIn
      ? [
          { label: t("nav_my_events"), icon: CalendarHeart, to: "/my-events" },
          { label: t("nav_my_tickets"), icon: Ticket, to: "/my-tickets" },
          { label: t("nav_my_tournaments"), icon: Medal, to: "/my-tournaments" },
        ]
      : []),
  ];

  if (phone && !drawerOpen) return null;
  return (
    <>
      {phone ? <div className="drawer-backdrop" onClick={closeDrawer} aria-hidden /> : null}
      <nav className={clsx("sidebar", collapsed && "sidebar-collapsed", phone && "sidebar-drawer")} aria-label={t("main_navigation")}>
        <ul className="sidebar-items">
          {items.map((item) => (
            <li key={item.label}>
              {item.to ? (
                <Link
                  to={item.to}
                  className="sidebar-item"
                  activeOptions={{ exact: true }}
                  activeProps={{ className: "sidebar-item-active" }}
                  onClick={closeDrawer}
                  title={collapsed ? item.label : undefined}
                >
                  <item.icon size={20} aria-hidden />
                  <span className="sidebar-label">{item.label}</span>
                </Link>
              ) : (
                <button
                  type="button"
                  className="sidebar-item"
                  onClick={() => {
                    closeDrawer();
                    item.onClick?.();
                  }}
                  title={collapsed ? item.label : undefined}
                >
                  <item.icon size={20} aria-hidden />
                  <span className="sidebar-label">{item.label}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
        <ChannelList collapsed={collapsed} title={isLoggedIn ? t("following_channels") : t("recommended_channels")} />
        <div className="sidebar-bottom">
          {/* The top bar's theme and language, moved here on a phone (top-bar.tsx). */}
          <div className="sidebar-preferences show-phone">
            <ThemeToggle />
            <LanguageSelect />
          </div>
          {isLoggedIn ? (
            <button type="button" className="sidebar-item" onClick={() => void logout()} title={collapsed ? t("logout") : undefined}>
              <LogOut size={20} aria-hidden />
              <span className="sidebar-label">{t("logout")}</span>
            </button>
          ) : null}
          {collapsed ? null : <FooterLinks />}
        </div>
      </nav>
    </>
  );
}

/**
 * "Following channels" (logged in: the channels one follows, live first) or "Recommended channels"
 * (the lives most watched now); avatar, name, game and viewers, refreshed every 30 s. Collapsed,
 * the sidebar keeps the avatars.
 */
function ChannelList({ title, collapsed }: { title: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const channels = useSidebarChannels(isLoggedIn);
  const list = channels.data ?? [];
  return (
    <section className="sidebar-channels" aria-label={title}>
      {collapsed ? <hr className="sidebar-rule" /> : <h2 className="sidebar-heading">{title}</h2>}
      {list.length === 0 ? (
        collapsed ? null : (
          <p className="muted small sidebar-empty">{channels.isPending ? "…" : t(isLoggedIn ? "no_followed_channels" : "no_channels_live")}</p>
        )
      ) : (
        <ul className="sidebar-channel-list">
          {list.map((channel) => (
            <li key={channel.channelArn}>
              <Link to="/stream/$username" params={{ username: channel.username }} className="sidebar-channel" title={collapsed ? channel.username : undefined}>
                <Avatar name={channel.username} image={channel.avatar} size={collapsed ? 32 : 28} isLive={channel.isLive} />
                {collapsed ? null : (
                  <>
                    <span className="sidebar-channel-text">
                      <span className="sidebar-channel-name">{channel.username}</span>
                      <span className="sidebar-channel-game">{channel.isLive ? (channel.game?.name ?? "") : t("offline")}</span>
                    </span>
                    {channel.isLive ? (
                      <span className="sidebar-channel-viewers tabular" role="img" aria-label={t("viewer_count", { count: channel.viewerCount })}>
                        <span className="live-dot" aria-hidden /> {formatCount(channel.viewerCount)}
                      </span>
                    ) : null}
                  </>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FooterLinks() {
  const { t } = useTranslation();
  return (
    <footer className="sidebar-footer">
      <Link to="/privacy-policy">{t("footer_privacy_policy")}</Link>
      <Link to="/legal/$type" params={{ type: "cgu" }}>
        {t("footer_cgu")}
      </Link>
      <Link to="/legal/$type" params={{ type: "rgpd" }}>
        {t("footer_rgpd")}
      </Link>
      <Link to="/legal/$type" params={{ type: "faq" }}>
        {t("footer_faq")}
      </Link>
      <Link to="/legal/$type" params={{ type: "mentions-legales" }}>
        {t("footer_legal_notices")}
      </Link>
      <Link to="/settings/cookies">{t("footer_cookies")}</Link>
    </footer>
  );
}
