import { Link } from "@tanstack/react-router";
import { Film, Radio, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ChannelSummary as Summary } from "../../../../server/dashboard/schemas.ts";
import { formatDuration, formatRelativeTime } from "../../../lib/format.ts";
import { useSession } from "../../../data/session.ts";
import "../../../styles/community.css";
import "../../../i18n/screens/community.ts";

/**
 * "Ma chaîne" on the dashboard (issue 34, item 13): once a member has gone live, whatever their role, their
 * followers, lives and replays, and the last lives with a link to each one's replay.
 */
export function ChannelSummary({ channel }: { channel: Summary }) {
  const { t, i18n } = useTranslation("community");
  const { user } = useSession();
  const username = user?.username ?? "";
  const figures = [
    { key: "followers", icon: <Users size={18} aria-hidden />, value: channel.followers },
    { key: "lives", icon: <Radio size={18} aria-hidden />, value: channel.lives },
    { key: "replays", icon: <Film size={18} aria-hidden />, value: channel.replays },
  ];
  return (
    <section className="dashboard-channel" aria-labelledby="dashboard-channel-title">
      <header className="dashboard-channel-head">
        <h2 id="dashboard-channel-title" className="section-title">
          {t("my_channel")}
        </h2>
        <Link to="/stream/$username" params={{ username }}>
          {t("my_channel_open")}
        </Link>
      </header>
      <dl className="dashboard-channel-figures">
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt className="muted">
              {figure.icon}
              {t(`my_channel_${figure.key}`)}
            </dt>
            <dd className="tabular">{figure.value.toLocaleString(i18n.language)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="dashboard-channel-subtitle">{t("my_channel_last_lives")}</h3>
      <ul className="dashboard-channel-lives">
        {channel.lastLives.map((live) => (
          <li key={live.startedAt}>
            <span className="dashboard-channel-live-title">{live.title || t("my_channel_untitled")}</span>
            <span className="muted">
              {formatRelativeTime(live.startedAt, i18n.language)}
              {" · "}
              {live.endedAt ? formatDuration((Date.parse(live.endedAt) - Date.parse(live.startedAt)) / 1000) : t("my_channel_live_now")}
            </span>
            {live.replayId !== null ? (
              <Link to="/replay/$replayId" params={{ replayId: live.replayId }}>
                {t("my_channel_watch_replay")}
              </Link>
            ) : (
              <span className="muted">{t("my_channel_no_replay")}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
