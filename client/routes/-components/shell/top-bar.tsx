import { Link } from "@tanstack/react-router";
import { Bell, Coins, LayoutDashboard, LogOut, Menu, MonitorPlay, Search, Settings, User, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { Button } from "../../../components/button.tsx";
import { useSession } from "../../../data/session.ts";
import { openAuthModal } from "../../../lib/ui.ts";
import { SearchBox } from "../../../features/discovery/components/search-box.tsx";
import { useNotifications } from "../../../features/notifications/api/get-notifications.ts";
import { useLiveNotifications } from "../../../features/notifications/api/use-notification-events.ts";
import { badgeText } from "../../../features/notifications/badge-text.ts";
import { logout } from "../../../features/shell/logout.ts";
import { toggleSidebar, useSidebar } from "../../../features/shell/sidebar-state.ts";
import { useSite } from "../../../data/site.ts";
import { LanguageSelect, ThemeToggle } from "./preferences.tsx";

// The G-Coins badge (its code and "events-ui" texts) loads after the first screen; until then, the badge's
// own waiting state: it waits for the balance anyway.
const WalletBadge = lazy(() => import("../../../features/wallet/components/wallet.tsx").then((module) => ({ default: module.WalletBadge })));
const walletBadgeWaiting = (
  <span className="wallet-badge">
    <Coins size={16} aria-hidden />
    <span className="tabular">…</span>
  </span>
);

/** The site's name and logo as an admin set them (issue 20), Arena's own until then. */
function Logo() {
  const { t } = useTranslation();
  const site = useSite().data;
  return (
    <Link to="/" className="logo" aria-label={t("logo_home")}>
      {site?.logo ? (
        <img src={site.logo} alt="" width="28" height="28" />
      ) : (
        <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden>
          <path d="M16 2 30 28H2Z" fill="var(--primary)" />
          <path d="M16 12 23 25H9Z" fill="var(--bg)" />
        </svg>
      )}
      <span>{site?.name ?? "Arena"}</span>
    </Link>
  );
}

export function TopBar({ slim }: { slim?: boolean }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const { phone } = useSidebar();
  return (
    <header className="top-bar">
      <div className="top-bar-start">
        {slim ? null : (
          <button type="button" className="icon-btn" onClick={() => toggleSidebar(phone)} aria-label={t("menu")}>
            <Menu size={22} aria-hidden />
          </button>
        )}
        <Logo />
      </div>
      {slim ? <div /> : <SearchBox className="hide-phone" />}
      <div className="top-bar-end">
        {slim ? null : <PhoneSearch />}
        {/* On a phone these two live in the menu's drawer, so that sign-in and sign-up both fit (issue 34, item 8). */}
        <ThemeToggle className="hide-phone" />
        <LanguageSelect className="hide-phone" />
        {isLoggedIn ? (
          <>
            <Suspense fallback={walletBadgeWaiting}>
              <WalletBadge />
            </Suspense>
            <NotificationBell />
            <UserMenu />
          </>
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={() => openAuthModal("login")}>
              {t("login")}
            </Button>
            <Button size="sm" onClick={() => openAuthModal("signup")}>
              {t("signup")}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}

/**
 * On a phone the top bar has no room for the search field: a button opens it across the screen under the bar,
 * focused; choosing a result, searching or Escape closes it (issue 34, item 8).
 */
function PhoneSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-btn show-phone" aria-label={t("search")} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <X size={22} aria-hidden /> : <Search size={22} aria-hidden />}
      </button>
      {open ? (
        <div className="phone-search show-phone">
          <SearchBox autoFocus onDone={() => setOpen(false)} />
        </div>
      ) : null}
    </>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  if (!user) return null;
  return (
    <div className="menu" ref={container}>
      <button type="button" className="avatar-button" aria-haspopup="menu" aria-expanded={open} aria-label={t("account_menu")} onClick={() => setOpen(!open)}>
        <Avatar name={user.username} image={user.avatar} size={32} isVerified={user.verified} />
      </button>
      {open ? (
        <div className="menu-list" role="menu">
          <div className="menu-header">
            <strong>{user.username}</strong>
          </div>
          <Link to="/profile" role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
            <User size={16} aria-hidden /> {t("profile")}
          </Link>
          <Link to="/dashboard" role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
            <LayoutDashboard size={16} aria-hidden /> {t("menu_dashboard")}
          </Link>
          <Link to="/preview" role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
            <MonitorPlay size={16} aria-hidden /> {t("menu_preview")}
          </Link>
          <Link to="/settings" role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
            <Settings size={16} aria-hidden /> {t("settings")}
          </Link>
          <button type="button" role="menuitem" className="menu-item" onClick={() => void logout()}>
            <LogOut size={16} aria-hidden /> {t("logout")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function NotificationBell() {
  const { t } = useTranslation();
  useLiveNotifications(true);
  const unread = useNotifications().data?.unread ?? 0;
  const badge = badgeText(unread);
  return (
    <Link to="/notifications" className="icon-btn bell" aria-label={badge ? t("notifications_unread", { count: badge }) : t("notifications")}>
      <Bell size={20} aria-hidden />
      {badge ? <span className="bell-badge">{badge}</span> : null}
    </Link>
  );
}
