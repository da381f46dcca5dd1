import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import "../../../i18n/screens/admin.ts";

/** What a console list shows when its call failed, with a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("admin");
  return (
    <div role="alert">
      <EmptyState
        icon={<CircleAlert size={40} aria-hidden />}
        title={t("load_failed")}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t("retry")}
          </Button>
        }
      />
    </div>
  );
}
