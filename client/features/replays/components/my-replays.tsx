import { Film } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { toast } from "../../../lib/ui.ts";
import { useMyReplays } from "../api/replay-changes.ts";
import type { Replay } from "../api/replays.ts";
import { DeleteReplayDialog } from "./delete-replay-dialog.tsx";
import { ReplayCard } from "./replay-card.tsx";
import "../../../styles/streams.css";
import "../../../i18n/screens/streams.ts";

/** The signed-in streamer's replays, newest first, ten at a time, each deletable (spec 01 §2, §7). */
export function MyReplays() {
  const { t } = useTranslation("streams");
  const replays = useMyReplays();
  const [deleting, setDeleting] = useState<Replay | null>(null);

  useEffect(() => {
    if (replays.isFetchNextPageError) toast.error(t("replays_more_failed"));
  }, [replays.isFetchNextPageError, t]);

  const items = replays.data?.pages.flatMap((page) => page.replays) ?? [];
  return (
    <section className="my-replays" aria-labelledby="my-replays-title">
      <h2 id="my-replays-title" className="section-title">
        {t("my_replays")}
      </h2>
      <QueryState
        query={replays}
        pending={
          <div className="replay-grid">
            {[0, 1, 2].map((n) => (
              <div key={n} className="replay-card" aria-hidden>
                <Skeleton height={0} style={{ paddingTop: "56.25%" }} />
                <Skeleton width="80%" />
                <Skeleton width="50%" height={12} />
              </div>
            ))}
          </div>
        }
        failure={t("replays_failed")}
      >
        {() =>
          items.length === 0 ? (
            <div className="replays-state muted">
              <Film size={28} aria-hidden />
              <p>{t("replays_empty")}</p>
            </div>
          ) : (
            <>
              <div className="replay-grid">
                {items.map((replay) => (
                  <ReplayCard key={replay.id} replay={replay} onDelete={setDeleting} />
                ))}
              </div>
              {replays.hasNextPage ? (
                <div className="replays-more">
                  <Button variant="secondary" busy={replays.isFetchingNextPage} busyLabel={t("loading_more")} onClick={() => void replays.fetchNextPage()}>
                    {t("load_more")}
                  </Button>
                </div>
              ) : null}
            </>
          )
        }
      </QueryState>
      <DeleteReplayDialog replay={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
