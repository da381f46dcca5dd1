import { ExternalLink, UserMinus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FediverseFollower } from "../../../../server/federation/followers-schemas.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { isFediverseOff, useFediverseActor, useFediverseFollowers, useRemoveFollower } from "../api/fediverse.ts";
import { HandleLine } from "./handle-line.tsx";
import "../../../i18n/screens/fediverse.ts";
import "../../../styles/fediverse.css";

const PER_PAGE = 20;

/**
 * The fediverse followers of a channel, a tournament or an event, for whoever runs it (issue 38, item 2): its handle
 * to share, how many follow it from the fediverse, and who, each removable. `identifier`: `channel-12`, a username,
 * `tournament-5`, `event-3`. Federation off, one sentence says so.
 */
export function FediverseFollowers({ identifier, kind }: { identifier: string; kind: "channel" | "tournament" | "event" }) {
  const { t } = useTranslation("fediverse");
  const actor = useFediverseActor(identifier);
  if (isFediverseOff(actor.error)) return <FediverseOff />;
  // Not public yet (a draft, a private event) or no channel yet: its followers list still answers, its handle does not.
  const hidden = actor.error instanceof ApiError && actor.error.status === 404;
  return (
    <section className="settings-form fediverse-panel" aria-labelledby={`fediverse-followers-${identifier}`}>
      <h2 id={`fediverse-followers-${identifier}`}>{t("followers_title")}</h2>
      {kind === "channel" && actor.data ? <p className="muted">{t("intro")}</p> : null}
      {actor.data ? <HandleLine handle={actor.data.handle} label={t("handle_label")} /> : hidden ? <p className="muted">{t(kind === "channel" ? "no_channel" : "not_public")}</p> : null}
      {hidden ? null : <FollowerList identifier={identifier} kind={kind} />}
    </section>
  );
}

/** Federation off: a state of the site, said in one sentence. */
export function FediverseOff() {
  const { t } = useTranslation("fediverse");
  return <p className="muted fediverse-off">{t("off")}</p>;
}

function FollowerList({ identifier, kind }: { identifier: string; kind: "channel" | "tournament" | "event" }) {
  const { t } = useTranslation("fediverse");
  const [page, setPage] = useState(1);
  const followers = useFediverseFollowers(identifier, page);
  const [removing, setRemoving] = useState<FediverseFollower | null>(null);
  const remove = useRemoveFollower();
  const confirm = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(t("removed"));
      },
      onError: (error) => toast.error(error.message || t("load_failed")),
    });
  return (
    <QueryState query={followers} pending={<Skeleton height={120} />} failure={t("load_failed")}>
      {(data) => (
        <>
          <div className="fediverse-count">
            <strong>{t("followers_count", { count: data.count })}</strong>
            {kind === "channel" ? <span className="muted small">{t("followers_apart")}</span> : null}
          </div>
          {data.count === 0 ? <p className="muted">{t("followers_empty")}</p> : null}
          <ul className="fediverse-list" aria-label={t("followers_title")}>
            {data.followers.map((follower) => (
              <FollowerRow key={follower.id} follower={follower} onRemove={() => setRemoving(follower)} />
            ))}
          </ul>
          {data.count > PER_PAGE ? (
            <div className="pager">
              <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                {t("newer")}
              </Button>
              <Button variant="secondary" size="sm" disabled={page * PER_PAGE >= data.count} onClick={() => setPage((p) => p + 1)}>
                {t("older")}
              </Button>
            </div>
          ) : null}
          <ConfirmDialog open={removing !== null} title={t("remove_title")} confirmLabel={t("remove")} danger busy={remove.isPending} onConfirm={confirm} onCancel={() => setRemoving(null)}>
            <p>{t("remove_text", { handle: removing?.handle ?? "" })}</p>
          </ConfirmDialog>
        </>
      )}
    </QueryState>
  );
}

function FollowerRow({ follower, onRemove }: { follower: FediverseFollower; onRemove: () => void }) {
  const { t, i18n } = useTranslation("fediverse");
  return (
    <li className="fediverse-row">
      <div className="fediverse-who">
        <strong className="fediverse-name">{follower.name || follower.handle}</strong>
        {follower.url ? (
          <a className="fediverse-account" href={follower.url} target="_blank" rel="noopener noreferrer">
            {follower.handle}
            <ExternalLink size={12} aria-hidden />
          </a>
        ) : (
          <span className="fediverse-account">{follower.handle}</span>
        )}
        <span className="muted small">
          {follower.instance} · {t("follower_since", { date: new Date(follower.since).toLocaleDateString(i18n.language) })}
        </span>
      </div>
      <Button variant="secondary" size="sm" icon={<UserMinus size={14} aria-hidden />} aria-label={t("remove_label", { handle: follower.handle })} onClick={onRemove}>
        {t("remove")}
      </Button>
    </li>
  );
}
