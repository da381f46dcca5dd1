import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ReportInputSchema, ReportList, ReportStored, ResolveReportSchema } from "../../../../server/reports/schemas.ts";
import { api } from "../../../lib/api.ts";
import type { MutationConfig } from "../../../lib/query.ts";
import type { ReportTarget } from "../../../lib/ui.ts";

export type ReportStatus = "open" | "dismissed" | "actioned";
export type ModerationAction = "hide_replay" | "ban_chat" | "suspend_account";

const reportKeys = { all: ["reports"] as const, byStatus: (status: ReportStatus) => ["reports", status] as const };

/** The moderators' queue, by status, newest first. */
const reportsQueryOptions = (status: ReportStatus) => queryOptions({ queryKey: reportKeys.byStatus(status), queryFn: ({ signal }) => api<ReportList>(`/reports?status=${status}`, { signal }) });

export const useReports = (status: ReportStatus) => useQuery(reportsQueryOptions(status));

/** Dismiss a report, or act on it; the queue and the dashboard's counts are read again. */
export function useResolveReport(config: MutationConfig<unknown, { id: number; action?: ModerationAction }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ({ id, action }) => api(`/reports/${id}`, { method: "PATCH", body: (action ? { status: "actioned", action } : { status: "dismissed" }) satisfies z.input<typeof ResolveReportSchema> }),
    onSuccess: (...args) => {
      config.onSuccess?.(...args);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      // The dashboard's open-report count (its key is the dashboards feature's).
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

export function useCreateReport(config: MutationConfig<ReportStored, { target: ReportTarget; reason: string }> = {}) {
  return useMutation({
    ...config,
    mutationFn: ({ target, reason }) =>
      api<ReportStored>("/report", { method: "POST", body: { targetType: target.targetType, targetId: target.targetId, reason } satisfies z.input<typeof ReportInputSchema> }),
  });
}
