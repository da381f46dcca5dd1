import { Link } from "@tanstack/react-router";
import { BadgeCheck, Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { AccessBadge } from "../../../components/access-badge.tsx";
import { Badge } from "../../../components/badge.tsx";
import type { Stream } from "../api/get-stream.ts";
import { GameIcon } from "./game-select.tsx";
import "../../../i18n/screens/streams.ts";

/** Avatar with its live ring, title, streamer, game, tags and social links (spec 01 §2). */
export function StreamInfo({ stream, compact = false }: { stream: Stream; compact?: boolean }) {
  const { t } = useTranslation("streams");
  const game = stream.game ?? stream.stream_games;
  return (
    <section className="stream-info" aria-label={t("about_stream")}>
      <div className="stream-info-head">
        <Link to="/profile/$username" params={{ username: stream.username }} className="stream-info-avatar" aria-label={t("profile_of", { username: stream.username })}>
          <Avatar name={stream.username} image={stream.avatar} size={compact ? 48 : 64} isLive={stream.isLive} />
        </Link>
        <div className="stream-info-text">
          {compact ? null : <h1 className="stream-title">{stream.title || t("default_title")}</h1>}
          <p className="stream-streamer">
            <Link to="/profile/$username" params={{ username: stream.username }} className="stream-username">
              {stream.username}
            </Link>
            {stream.verified ? <BadgeCheck size={16} className="stream-verified" aria-label={t("verified")} role="img" /> : null}
            {stream.isLive ? <Badge tone="live">{t("live")}</Badge> : <Badge>{t("offline")}</Badge>}
            <AccessBadge access={stream.watchAccess} label={t(`access_${stream.watchAccess}`)} />
          </p>
          {game ? (
            <Link to="/game/$id" params={{ id: game.id }} className="stream-game">
              <GameIcon game={game} size={18} />
              {game.name}
            </Link>
          ) : null}
        </div>
      </div>
      {stream.tags.length ? (
        <ul className="stream-tags" aria-label={t("tags_label")}>
          {stream.tags.map((tag) => (
            <li key={tag}>
              <Link to="/tag/$tagName" params={{ tagName: tag }} className="stream-tag">
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {stream.description ? <p className="stream-description">{stream.description}</p> : null}
      <SocialLinks social={stream.social} />
    </section>
  );
}

const NETWORKS = [
  ["facebook", "Facebook"],
  ["twitter", "X (Twitter)"],
  ["instagram", "Instagram"],
  ["youtube", "YouTube"],
] as const;

export function SocialLinks({ social }: { social: Stream["social"] | undefined }) {
  const { t } = useTranslation("streams");
  if (!social) return null;
  const links = [
    ...NETWORKS.filter(([key]) => social[key]).map(([key, name]) => ({ key, name, href: socialHref(key, social[key]!) })),
    ...(social.website ? [{ key: "website", name: t("website"), href: socialHref("website", social.website) }] : []),
  ].filter((link) => link.href);
  if (!links.length) return null;
  return (
    <ul className="stream-socials" aria-label={t("social_links")}>
      {links.map((link) => (
        <li key={link.key}>
          <a href={link.href!} target="_blank" rel="noopener noreferrer" className="stream-social">
            <Globe size={14} aria-hidden />
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The server stores full addresses, except Twitter's handle; anything that is not http(s) is not linked. */
function socialHref(key: string, value: string): string | null {
  const text = value.trim();
  const address = key === "twitter" && !/^https?:\/\//i.test(text) ? `https://twitter.com/${text.replace(/^@/, "")}` : /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(address);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
