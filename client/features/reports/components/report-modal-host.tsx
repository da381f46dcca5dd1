import { lazy, Suspense } from "react";
import { useStore } from "../../../lib/store.ts";
import { reportModalStore } from "../../../lib/ui.ts";

// The dialog's code, styles and "community" texts load when someone first reports: the root is in every first load.
const ReportModal = lazy(() => import("./report-modal.tsx").then((module) => ({ default: module.ReportModal })));

/** Mounted once in the app's root; shows the dialog whenever something asks for it. */
export function ReportModalHost() {
  const target = useStore(reportModalStore);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ReportModal key={`${target.targetType}-${target.targetId}`} target={target} onClose={() => reportModalStore.set(null)} />
    </Suspense>
  );
}
