import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { AuditPageSchema, BackupListSchema, CoinAdjustmentSchema, MachineSchema, MemberDetailSchema, MemberListSchema } from "../../../../server/admin/schemas.ts";
import type { Me } from "../../../../server/auth/schemas.ts";
import type { ChangeRoleSchema } from "../../../../server/users/schemas.ts";
import { api } from "../../../lib/api.ts";

export type Role = Me["role"];
type MemberList = z.infer<typeof MemberListSchema>;
export type MemberDetail = z.infer<typeof MemberDetailSchema>;
type AuditPage = z.infer<typeof AuditPageSchema>;
type Machine = z.infer<typeof MachineSchema>;
type BackupList = z.infer<typeof BackupListSchema>;
export interface MemberFilter {
  q: string;
  role: Role | "";
  state: "" | "active" | "suspended" | "deleted";
  page: number;
}

/** Every console query lives under "admin", so an action refreshes what it changed with one invalidation. */
export const adminKeys = {
  all: ["admin"] as const,
  members: (filter: MemberFilter) => ["admin", "members", filter] as const,
  member: (id: number) => ["admin", "member", id] as const,
  audit: (page: number) => ["admin", "audit", page] as const,
  machine: ["admin", "machine"] as const,
  backups: ["admin", "backups"] as const,
};

const PAGE = 25;

function membersQueryOptions(filter: MemberFilter) {
  const search = new URLSearchParams({ page: String(filter.page), limit: String(PAGE) });
  if (filter.q.trim()) search.set("q", filter.q.trim());
  if (filter.role) search.set("role", filter.role);
  if (filter.state) search.set("state", filter.state);
  return queryOptions({ queryKey: adminKeys.members(filter), queryFn: ({ signal }) => api<MemberList>(`/admin/users?${search}`, { signal }), placeholderData: keepPreviousData });
}
export const useMembers = (filter: MemberFilter) => useQuery(membersQueryOptions(filter));
export const membersPageSize = PAGE;

export const useMember = (id: number | undefined) =>
  useQuery({ queryKey: adminKeys.member(id ?? 0), queryFn: ({ signal }) => api<MemberDetail>(`/admin/users/${id}`, { signal }), enabled: id !== undefined });

export const useAudit = (page: number) =>
  useQuery({ queryKey: adminKeys.audit(page), queryFn: ({ signal }) => api<AuditPage>(`/admin/audit?page=${page}&limit=50`, { signal }), placeholderData: keepPreviousData });

export type MemberAction = { kind: "suspend" | "unsuspend" | "sign-out" | "password-reset" } | { kind: "role"; role: Role } | { kind: "coins"; amount: number; reason: string };

function send(id: number, action: MemberAction): Promise<unknown> {
  switch (action.kind) {
    case "role":
      return api(`/admin/users/${id}/role`, { method: "PUT", body: { role: action.role } satisfies z.input<typeof ChangeRoleSchema> });
    case "coins":
      return api(`/admin/users/${id}/coins`, { method: "POST", body: { amount: action.amount, reason: action.reason } satisfies z.input<typeof CoinAdjustmentSchema> });
    default:
      return api(`/admin/users/${id}/${action.kind}`, { method: "POST" });
  }
}

/** One mutation for every action on a member; the console's lists and the log are read again afterwards. */
export function useMemberAction(id: number, options: { onSuccess?: (action: MemberAction) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) => send(id, action),
    onSuccess: (_answer, action) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.(action);
    },
    onError: options.onError,
  });
}

export const useMachine = () => useQuery({ queryKey: adminKeys.machine, queryFn: ({ signal }) => api<Machine>("/admin/machine", { signal }), refetchInterval: 10_000 });

/** The backups; asked again every 2 s while one is being written. */
export const useBackups = () =>
  useQuery({ queryKey: adminKeys.backups, queryFn: ({ signal }) => api<BackupList>("/admin/backups", { signal }), refetchInterval: (query) => (query.state.data?.running ? 2000 : false) });

export function useStartBackup(options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<BackupList>("/admin/backups", { method: "POST" }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.backups, answer),
    onError: options.onError,
  });
}
