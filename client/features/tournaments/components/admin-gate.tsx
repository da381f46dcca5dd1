import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useSession } from "../../../data/session.ts";
import { useIsAdmin } from "../api/queries.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/** Draws the organiser's screens only once is-admin answers true (spec 02 §6). */
export function AdminGate({ id, children }: { id: number; children: ReactNode }) {
  const { t } = useTranslation("tournaments-ui");
  const { user } = useSession();
  const admin = useIsAdmin(id, user?.id ?? null);
  if (admin.data === undefined)
    return (
      <main className="page">
        <QueryState page query={admin} />
      </main>
    );
  if (!admin.data)
    return (
      <main className="page">
        <EmptyState icon={<ShieldAlert size={40} aria-hidden />} title={t("admin_only")} />
      </main>
    );
  return <>{children}</>;
}
