import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useSession } from "../../../data/session.ts";
import { useIsAdmin } from "../api/queries.ts";
import "../../../i18n/screens/tournaments-ui.ts";

/** Draws the organiser's screens only once is-admin answers true (spec 02 §6). */
export function AdminGate({ id, children }: { id: number; children: ReactNode }) {
  const { t } = useTranslation("tournaments-ui");
  const { user } = useSession();
  const admin = useIsAdmin(id, user?.id ?? null);
  if (admin.isPending)
    return (
      <main className="page">
        <Spinner label={t("loading")} />
      </main>
    );
  if (admin.isError || !admin.data)
    return (
      <main className="page">
        <EmptyState icon={<ShieldAlert size={40} aria-hidden />} title={admin.isError ? admin.error.message : t("admin_only")} />
      </main>
    );
  return <>{children}</>;
}
