import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { formatFileSize } from "../../../lib/format.ts";
import { toast } from "../../../lib/ui.ts";
import { adminCalls, CLIP_PAGE, REPLAY_PAGE, type ReplayState, useAdminCall, useAdminClips, useAdminReplays, useChatBans } from "../api/site.ts";
import { AdminPager } from "./admin-pager.tsx";
import "../../../i18n/screens/admin.ts";
import { ChoiceField } from "./choice-field.tsx";

/** The content an admin looks after: every replay (deleted ones too), every clip, the chat bans of every channel, the way to the moderation queue. */
export function ContentPanel() {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-content">
      <p>
        <Link to="/dashboard">{t("moderation_queue_link")}</Link>
      </p>
      <ReplaysTable />
      <ClipsTable />
      <ChatBans />
    </div>
  );
}

function ReplaysTable() {
  const { t, i18n } = useTranslation("admin");
  const [filter, setFilter] = useState<{ q: string; state: ReplayState; page: number }>({ q: "", state: "all", page: 1 });
  const [purging, setPurging] = useState<{ id: number; title: string }>();
  const replays = useAdminReplays(filter);
  const restore = useAdminCall(adminCalls.restoreReplay, { onSuccess: () => toast.success(t("replay_restored")), onError: (e) => toast.error(e.message) });
  const purge = useAdminCall(adminCalls.purgeReplay, {
    onSuccess: () => {
      setPurging(undefined);
      toast.success(t("replay_purged"));
    },
    onError: (e) => toast.error(e.message),
  });
  const total = replays.data?.total ?? 0;
  const set = (change: Partial<typeof filter>) => setFilter((current) => ({ ...current, page: 1, ...change }));
  return (
    <section>
      <h2>{t("replays_title")}</h2>
      <search className="admin-filters">
        <TextField label={t("replays_search")} type="search" value={filter.q} onChange={(event) => set({ q: event.target.value })} />
        <ChoiceField
          label={t("state")}
          value={filter.state}
          choices={(["all", "deleted", "visible"] as const).map((state) => ({ value: state, label: t(`replays_${state}`) }))}
          onChange={(state) => set({ state })}
        />
      </search>
      <QueryState query={replays} pending={<Skeleton height={160} />} failure={t("load_failed")}>
        {() => (
          <>
            <p className="muted" aria-live="polite">
              {t("replays_count", { count: total })}
            </p>
            <div className="admin-table-scroll" hidden={!replays.data?.replays.length}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("replay_col_title")}</th>
                    <th scope="col">{t("channel")}</th>
                    <th scope="col">{t("replay_col_size")}</th>
                    <th scope="col">{t("state")}</th>
                    <th scope="col">
                      <span className="sr-only">{t("actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(replays.data?.replays ?? []).map((replay) => (
                    <tr key={replay.id}>
                      <th scope="row">{replay.title}</th>
                      <td>{replay.channel}</td>
                      <td>{replay.fileSize === null ? "—" : formatFileSize(replay.fileSize, i18n.language)}</td>
                      <td>
                        {replay.deletedAt ? (
                          <Badge tone="warning">{t("replay_deleted_on", { date: new Date(replay.deletedAt).toLocaleDateString(i18n.language) })}</Badge>
                        ) : (
                          <Badge tone="success">{t("replay_visible")}</Badge>
                        )}
                      </td>
                      <td className="admin-cell-actions">
                        {replay.deletedAt ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            busy={restore.isPending && restore.variables === replay.id}
                            onClick={() => restore.mutate(replay.id)}
                            aria-label={t("restore_replay", { title: replay.title })}
                          >
                            {t("restore")}
                          </Button>
                        ) : null}
                        <Button variant="danger" size="sm" onClick={() => setPurging({ id: replay.id, title: replay.title })} aria-label={t("purge_replay", { title: replay.title })}>
                          {t("purge")}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AdminPager page={filter.page} hasNext={filter.page * REPLAY_PAGE < total} onPage={(page) => setFilter((f) => ({ ...f, page }))} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={purging !== undefined}
        title={t("purge_confirm_title", { title: purging?.title ?? "" })}
        confirmLabel={t("purge")}
        danger
        busy={purge.isPending}
        onConfirm={() => purging && purge.mutate(purging.id)}
        onCancel={() => setPurging(undefined)}
      >
        {t("purge_confirm_text")}
      </ConfirmDialog>
    </section>
  );
}

/** Every clip in any state, searched by title, channel or author; an admin deletes one (its file goes with it). */
function ClipsTable() {
  const { t, i18n } = useTranslation("admin");
  const [filter, setFilter] = useState({ q: "", page: 1 });
  const [deleting, setDeleting] = useState<{ id: number; title: string }>();
  const clips = useAdminClips(filter);
  const remove = useAdminCall(adminCalls.deleteClip, {
    onSuccess: () => {
      setDeleting(undefined);
      toast.success(t("clip_deleted"));
    },
    onError: (e) => toast.error(e.message),
  });
  const list = clips.data?.clips ?? [];
  return (
    <section>
      <h2>{t("clips_title")}</h2>
      <search className="admin-filters">
        <TextField label={t("clips_search")} type="search" value={filter.q} onChange={(event) => setFilter({ q: event.target.value, page: 1 })} />
      </search>
      <QueryState query={clips} pending={<Skeleton height={160} />} failure={t("load_failed")}>
        {(data) => (
          <>
            {list.length === 0 ? <p className="muted">{t("clips_empty")}</p> : null}
            <div className="admin-table-scroll" hidden={list.length === 0}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("replay_col_title")}</th>
                    <th scope="col">{t("channel")}</th>
                    <th scope="col">{t("clip_col_author")}</th>
                    <th scope="col">{t("replay_col_size")}</th>
                    <th scope="col">
                      <span className="sr-only">{t("actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((clip) => (
                    <tr key={clip.id}>
                      <th scope="row">
                        <Link to="/clip/$clipId" params={{ clipId: clip.id }}>
                          {clip.title}
                        </Link>
                      </th>
                      <td>{clip.channel.username}</td>
                      <td>{clip.author.username}</td>
                      <td>{clip.fileSize === null ? "—" : formatFileSize(clip.fileSize, i18n.language)}</td>
                      <td className="admin-cell-actions">
                        <Button variant="danger" size="sm" onClick={() => setDeleting({ id: clip.id, title: clip.title })} aria-label={t("delete_clip", { title: clip.title })}>
                          {t("delete")}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AdminPager
              page={filter.page}
              hasNext={data.pagination.hasMore && list.length === CLIP_PAGE}
              onPage={(page) => setFilter((f) => ({ ...f, page }))}
              hidden={filter.page === 1 && !data.pagination.hasMore}
            />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t("delete_clip_confirm", { title: deleting?.title ?? "" })}
        confirmLabel={t("delete")}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(undefined)}
      >
        {t("delete_clip_text")}
      </ConfirmDialog>
    </section>
  );
}

function ChatBans() {
  const { t, i18n } = useTranslation("admin");
  const bans = useChatBans();
  const lift = useAdminCall(adminCalls.liftBan, { onSuccess: () => toast.success(t("ban_lifted")), onError: (e) => toast.error(e.message) });
  const list = bans.data?.bans ?? [];
  return (
    <section>
      <h2>{t("bans_title")}</h2>
      <QueryState query={bans} pending={<Skeleton height={64} />} failure={t("load_failed")}>
        {() =>
          list.length === 0 ? (
            <p className="muted">{t("bans_empty")}</p>
          ) : (
            <ul className="admin-facts">
              {list.map((ban) => (
                <li key={`${ban.channelId}-${ban.userId}`} className="admin-row">
                  <span>
                    {t("ban_line", { username: ban.username, channel: ban.channel })} ·{" "}
                    {ban.until ? t("ban_until", { date: new Date(ban.until).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }) }) : t("ban_forever")}
                    {ban.reason ? ` · « ${ban.reason} »` : ""}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={lift.isPending && lift.variables === ban}
                    onClick={() => lift.mutate(ban)}
                    aria-label={t("lift_ban", { username: ban.username, channel: ban.channel })}
                  >
                    {t("lift")}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
