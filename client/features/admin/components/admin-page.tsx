import { Link } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import type { AdminTab } from "../admin-tabs.ts";
import { AuditLog } from "./audit-log.tsx";
import { ContentPanel } from "./content-panel.tsx";
import { GamesCatalogue } from "./games-catalogue.tsx";
import { LegalEditor } from "./legal-editor.tsx";
import { MachinePanel } from "./machine-panel.tsx";
import { MemberPanel } from "./member-panel.tsx";
import { MembersTable } from "./members-table.tsx";
import { SiteSettings } from "./site-settings.tsx";
import { StoragePanel } from "./storage-panel.tsx";
import "../../../styles/admin.css";
import "../../../i18n/screens/admin.ts";

/**
 * /admin (issue 20): the site's members, each opened beside the list, its content, the site's settings and webhooks
 * (`webhooks`: the webhooks feature's panel, from the route), legal texts and games, the machine with its backups, and
 * the audit log. The server checks every call.
 */
export function AdminPage({ initialTab = "members", webhooks }: { initialTab?: AdminTab; webhooks: ReactNode }) {
  const { t } = useTranslation("admin");
  const [tab, setTab] = useState<AdminTab>(initialTab);
  const [openMember, setOpenMember] = useState<number>();
  const tabs = [
    { id: "members" as const, label: t("tab_members") },
    { id: "content" as const, label: t("tab_content") },
    { id: "site" as const, label: t("tab_site") },
    { id: "webhooks" as const, label: t("tab_webhooks") },
    { id: "legal" as const, label: t("legal_title") },
    { id: "games" as const, label: t("tab_games") },
    { id: "machine" as const, label: t("tab_machine") },
    { id: "storage" as const, label: t("tab_storage") },
    { id: "audit" as const, label: t("tab_audit") },
  ];
  return (
    <main className="page admin-page">
      <header className="admin-header">
        <h1>{t("title")}</h1>
        <p className="muted">{t("intro")}</p>
        <Link to="/dashboard">{t("moderation_link")}</Link>
      </header>
      <Tabs label={t("title")} value={tab} onChange={setTab} tabs={tabs} />
      <div role="tabpanel" aria-label={tabs.find((x) => x.id === tab)!.label} className="admin-panel">
        {tab === "members" ? (
          <div className={openMember ? "admin-members with-detail" : "admin-members"}>
            <MembersTable onOpen={setOpenMember} openId={openMember} />
            {openMember ? (
              <aside className="admin-detail" aria-label={t("tab_members")}>
                <Button variant="ghost" size="sm" onClick={() => setOpenMember(undefined)}>
                  {t("close")}
                </Button>
                <MemberPanel id={openMember} />
              </aside>
            ) : null}
          </div>
        ) : tab === "content" ? (
          <ContentPanel />
        ) : tab === "site" ? (
          <div className="admin-site">
            <SiteSettings />
          </div>
        ) : tab === "webhooks" ? (
          <div className="admin-site">{webhooks}</div>
        ) : tab === "legal" ? (
          <div className="admin-site">
            <LegalEditor />
          </div>
        ) : tab === "games" ? (
          <div className="admin-site">
            <GamesCatalogue />
          </div>
        ) : tab === "machine" ? (
          <MachinePanel />
        ) : tab === "storage" ? (
          <StoragePanel />
        ) : (
          <AuditLog />
        )}
      </div>
    </main>
  );
}
