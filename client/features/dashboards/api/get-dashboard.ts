import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface DashboardAnswer {
  role: string;
  stats: Record<string, number>;
}

/** The caller's role and its figures; under its own root key so a resolved report refreshes the counts. */
export const dashboardQueryOptions = () => queryOptions({ queryKey: ["dashboard"], queryFn: ({ signal }) => api<DashboardAnswer>("/dashboard", { signal }) });

export const useDashboard = () => useQuery(dashboardQueryOptions());
