import { createFileRoute, Link } from "@tanstack/react-router";
import { BellOff, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { QueryState } from "../components/query-state.tsx";
import { Skeleton } from "../components/skeleton.tsx";
import { notificationsQueryOptions, useNotifications } from "../features/notifications/api/get-notifications.ts";
import { useMarkAllRead } from "../features/notifications/api/mark-all-read.ts";
import { isExternalLink, notificationText } from "../features/notifications/notification-text.ts";
import { startQuery } from "../lib/routing.ts";
import { sessionStore, useSession } from "../data/session.ts";

export const Route = createFileRoute("/notifications")({
  loader: ({ context }) => (sessionStore.get().isLoggedIn ? startQuery(context.queryClient, notificationsQueryOptions()) : undefined),
  component: NotificationsScreen,
});

function NotificationsScreen() {
  const { t, i18n } = useTranslation(["common", "notifications"]);
  const { isLoggedIn } = useSession();
  const notifications = useNotifications();
  const markAll = useMarkAllRead();
  const items = notifications.data?.notifications ?? [];
  return (
    <main className="page">
      <div className="page-header">
        <h1>{t("common:notifications")}</h1>
        <Button variant="ghost" size="sm" disabled={!notifications.data?.unread} busy={markAll.isPending} onClick={() => markAll.mutate()}>
          {t("common:mark_all_read")}
        </Button>
      </div>
      {/* A visitor has none to load (the query stays off): the empty list. */}
      {isLoggedIn && notifications.data === undefined ? (
        <QueryState
          query={notifications}
          pending={
            <div style={{ display: "grid", gap: 12 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={56} />
              ))}
            </div>
          }
          failure={t("notifications:load_failed")}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<BellOff size={40} aria-hidden />} title={t("common:no_notifications")} />
      ) : (
        <ul className="notification-list">
          {items.map((item) => {
            // A fediverse account is no member: its name (plain text from another server, escaped by React) stands for it.
            const remoteName = typeof item.data.name === "string" && item.data.name ? item.data.name : null;
            const content = (
              <>
                <Avatar name={item.actor?.username ?? remoteName ?? "Arena"} image={item.actor?.avatar} size={40} />
                <span>
                  <span className="notification-text">{notificationText(t, item)}</span>
                  <span className="muted small">{new Date(item.createdAt).toLocaleString(i18n.language === "en" ? "en-GB" : "fr-FR")}</span>
                </span>
              </>
            );
            return (
              <li key={item.id} className={item.read ? "notification" : "notification notification-unread"}>
                {isExternalLink(item.link) ? (
                  <a href={item.link} target="_blank" rel="noopener noreferrer" className="notification-link">
                    {content}
                    <ExternalLink size={14} aria-hidden className="muted notification-external" />
                  </a>
                ) : (
                  <Link to={item.link} className="notification-link">
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
