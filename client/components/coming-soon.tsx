import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "./empty-state.tsx";

/** Stands in for a screen a later part of the work builds; says so plainly instead of pretending. */
export function ComingSoon({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <main className="page">
      <EmptyState icon={<Construction size={40} aria-hidden />} title={screen}>
        {t("coming_soon")}
      </EmptyState>
    </main>
  );
}
