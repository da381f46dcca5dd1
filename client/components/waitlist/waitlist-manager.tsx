import { Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../avatar.tsx";
import { Button } from "../button.tsx";
import { QueryState } from "../query-state.tsx";
import { Skeleton } from "../skeleton.tsx";
import { toast } from "../../lib/ui.ts";
import { type Place, useSetHold, useTakeFromList, useWaitlistEntries } from "../../data/waitlist.ts";
import { formatDeadline, holdLabel } from "./waitlist-panel.tsx";
import "../../styles/waitlist.css";
import "../../i18n/screens/events-ui.ts";
import "../../i18n/screens/errors.ts";

/** The organiser's choices for how long an offer is held: a day or two ahead, minutes on the day. */
const HOLDS = [15, 30, 60, 6 * 60, 24 * 60, 48 * 60];

/**
 * The organiser's waiting list (issue 19): everyone in order, those holding an offer with its
 * deadline; "Take from the list" puts a person first (and offers them a free place at once), and
 * the hold time applies to the offers made from now on.
 */
export function WaitlistManager({ place }: { place: Place }) {
  const { t, i18n } = useTranslation("events-ui");
  const list = useWaitlistEntries(place);
  const take = useTakeFromList();
  const hold = useSetHold(place);
  const fail = (error: Error) => toast.error(error.message);
  const holds = list.data && !HOLDS.includes(list.data.holdMinutes) ? [...HOLDS, list.data.holdMinutes].sort((a, b) => a - b) : HOLDS;
  return (
    <section className="waitlist-manager" aria-labelledby="waitlist-manager-title">
      <div className="waitlist-manager-head">
        <h2 id="waitlist-manager-title">
          <Hourglass size={18} aria-hidden /> {t("waitlist_title")}
        </h2>
        {list.data ? (
          <label className="waitlist-hold">
            <span className="small">{t("waitlist_hold_label")}</span>
            <select
              value={list.data.holdMinutes}
              disabled={hold.isPending}
              onChange={(event) => hold.mutate(Number(event.target.value), { onSuccess: (answer) => toast.success(answer.message), onError: fail })}
            >
              {holds.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {holdLabel(minutes, t)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <QueryState query={list} pending={<Skeleton height={80} />}>
        {(data) =>
          data.entries.length === 0 ? (
            <p className="muted small">{t("waitlist_empty")}</p>
          ) : (
            <ol className="waitlist-entries">
              {data.entries.map((entry) => (
                <li key={entry.id} className="waitlist-entry">
                  <span className="waitlist-entry-place tabular" aria-hidden>
                    {entry.status === "offered" ? "→" : entry.place}
                  </span>
                  <Avatar name={entry.username} image={entry.avatar} size={28} />
                  <span className="waitlist-entry-name">{entry.username}</span>
                  {entry.status === "offered" && entry.expiresAt ? (
                    <span className="waitlist-chip">{t("waitlist_offered_until", { deadline: formatDeadline(entry.expiresAt, i18n.language) })}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={take.isPending && take.variables === entry.id}
                      aria-label={t("waitlist_take_named", { name: entry.username })}
                      onClick={() => take.mutate(entry.id, { onSuccess: (answer) => toast.success(answer.message), onError: fail })}
                    >
                      {t("waitlist_take")}
                    </Button>
                  )}
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}
