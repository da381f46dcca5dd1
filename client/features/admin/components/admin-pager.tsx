import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import "../../../i18n/screens/admin.ts";

/** Previous and next under a console table: `page` counts from 1; `hasNext` says whether a later page exists; `hidden` leaves it out (a list that fits one page). */
export function AdminPager({ page, hasNext, onPage, hidden }: { page: number; hasNext: boolean; onPage: (page: number) => void; hidden?: boolean }) {
  const { t } = useTranslation("admin");
  if (hidden) return null;
  return (
    <nav className="admin-pages" aria-label={t("page", { page })}>
      <Button variant="ghost" size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </Button>
      <span>{t("page", { page })}</span>
      <Button variant="ghost" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t("next")}
      </Button>
    </nav>
  );
}
