import { Link, Navigate } from "@tanstack/react-router";
import { Film } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useVideos } from "../api/replays.ts";
import "../../../i18n/screens/streams.ts";

/**
 * /video/1, the spec's demo video address: rather than sample comments, it opens the newest replay of
 * the site, and says so plainly when there is none yet.
 */
export function LatestVideo() {
  const { t } = useTranslation("streams");
  const videos = useVideos({});
  if (videos.data === undefined)
    return (
      <main className="page">
        <QueryState page query={videos} pending={<Skeleton height={360} />} />
      </main>
    );
  const newest = videos.data[0];
  if (newest) return <Navigate to="/replay/$replayId" params={{ replayId: newest.id }} replace />;
  return (
    <main className="page">
      <EmptyState
        icon={<Film size={40} aria-hidden />}
        title={t("no_videos_yet")}
        action={
          <Link to="/" className="btn btn-primary">
            {t("common:back_home")}
          </Link>
        }
      >
        {t("no_videos_yet_text")}
      </EmptyState>
    </main>
  );
}
