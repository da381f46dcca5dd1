import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { type MemberFilter, membersPageSize, type Role, useMembers } from "../api/admin.ts";
import { AdminPager } from "./admin-pager.tsx";
import "../../../i18n/screens/admin.ts";
import { ChoiceField } from "./choice-field.tsx";

export const ROLES: Role[] = ["viewer", "streamer", "organizer", "moderator", "admin"];
const STATES = ["active", "suspended", "deleted"] as const;

/** The members list: search by part of a name or e-mail, filter by role and state, a page at a time. */
export function MembersTable({ onOpen, openId }: { onOpen: (id: number) => void; openId?: number }) {
  const { t, i18n } = useTranslation("admin");
  const [filter, setFilter] = useState<MemberFilter>({ q: "", role: "", state: "", page: 1 });
  const members = useMembers(filter);
  const set = (change: Partial<MemberFilter>) => setFilter((current) => ({ ...current, page: 1, ...change }));
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : t("never"));
  const total = members.data?.total ?? 0;
  return (
    <section className="admin-members-list">
      <search className="admin-filters">
        <TextField label={t("search")} placeholder={t("search_placeholder")} type="search" value={filter.q} onChange={(event) => set({ q: event.target.value })} />
        <ChoiceField
          label={t("role")}
          value={filter.role}
          choices={[{ value: "", label: t("any") }, ...ROLES.map((role) => ({ value: role, label: t(`role_${role}`) }))]}
          onChange={(role) => set({ role })}
        />
        <ChoiceField
          label={t("state")}
          value={filter.state}
          choices={[{ value: "", label: t("any") }, ...STATES.map((state) => ({ value: state, label: t(`state_${state}`) }))]}
          onChange={(state) => set({ state })}
        />
      </search>
      <QueryState query={members} pending={<Skeleton height={240} />} failure={t("load_failed")}>
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {t("count", { count: total })}
            </p>
            <div className="admin-table-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("col_member")}</th>
                    <th scope="col">{t("col_email")}</th>
                    <th scope="col">{t("role")}</th>
                    <th scope="col">{t("state")}</th>
                    <th scope="col">{t("col_last_login")}</th>
                    <th scope="col">
                      <span className="sr-only">{t("open")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.members.map((member) => (
                    <tr key={member.id} aria-current={member.id === openId ? "true" : undefined}>
                      <th scope="row">{member.username}</th>
                      <td>{member.email}</td>
                      <td>{t(`role_${member.role}`)}</td>
                      <td>
                        <Badge tone={member.state === "active" ? "success" : member.state === "suspended" ? "warning" : "neutral"}>{t(`state_${member.state}`)}</Badge>
                      </td>
                      <td>{date(member.lastLoginAt)}</td>
                      <td>
                        <Button variant="secondary" size="sm" onClick={() => onOpen(member.id)} aria-label={t("open_member", { username: member.username })}>
                          {t("open")}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.members.length === 0 ? <p>{t("no_members")}</p> : null}
            <AdminPager page={filter.page} hasNext={filter.page * membersPageSize < total} onPage={(page) => setFilter((f) => ({ ...f, page }))} />
          </>
        )}
      </QueryState>
    </section>
  );
}
