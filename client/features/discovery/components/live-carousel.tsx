import { Link } from "@tanstack/react-router";
import clsx from "clsx";
import { ChevronLeft, ChevronRight, Radio, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { formatCount } from "../../../lib/format.ts";
import { usePrefersReducedMotion } from "../../../lib/motion.ts";
import { VideoPlayer } from "../../../components/player/video-player.tsx";
import type { StreamResponse as Stream } from "../../../../server/channels/schemas.ts";
import { streamDefaults } from "./stream-card.tsx";
import "../../../i18n/screens/discovery.ts";

const SLIDES = 6;

/**
 * The home page's live carousel (spec 01 §2): the selected live plays muted, arrows wrap at both
 * ends, and up to six slides below pick the featured live. When the system asks for less motion, the
 * live waits for a click on Play instead of starting by itself.
 */
export function LiveCarousel({ streams, loading }: { streams: Stream[] | undefined; loading: boolean }) {
  const { t } = useTranslation("discovery");
  const [selected, setSelected] = useState(0);
  /** Only a move the user made is read out, never the first slide on arrival. */
  const [moved, setMoved] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  if (loading) return <Skeleton height={0} style={{ paddingTop: "min(42%, 480px)" }} />;
  // Only open lives play here by themselves: a restricted one is a card with its lock (issue 18, item 4).
  const slides = (streams ?? []).filter((stream) => stream.watchAccess === "everyone").slice(0, SLIDES);
  if (slides.length === 0) return <EmptyState icon={<Radio size={40} aria-hidden />} title={t("carousel_empty")} />;

  const index = Math.min(selected, slides.length - 1);
  const featured = slides[index]!;
  const shown = streamDefaults(featured, t);
  const show = (next: number) => {
    setSelected(next);
    setMoved(true);
  };
  const go = (step: 1 | -1) => show((index + step + slides.length) % slides.length);
  const arrows = (
    <div className="carousel-arrows">
      <button type="button" className="icon-btn carousel-arrow" aria-label={t("previous_live")} onClick={() => go(-1)}>
        <ChevronLeft size={22} aria-hidden />
      </button>
      <button type="button" className="icon-btn carousel-arrow" aria-label={t("next_live")} onClick={() => go(1)}>
        <ChevronRight size={22} aria-hidden />
      </button>
    </div>
  );

  return (
    <section className="carousel" aria-roledescription={t("carousel")} aria-label={t("carousel_label")}>
      <div className="carousel-featured">
        <div className="carousel-player">
          <VideoPlayer
            key={featured.channelArn}
            mode="live"
            src={featured.playbackLink}
            flvSrc={featured.flvLink}
            poster={featured.thumbnail}
            label={t("player_of", { username: shown.username })}
            autoPlay={!reducedMotion}
            startMuted
            keyboard={false}
          />
        </div>
        <div className="carousel-info">
          {/* The live count below changes on its own: only the slide the user picked is announced. */}
          <p className="sr-only" aria-live="polite">
            {moved ? t("slide_position", { position: index + 1, count: slides.length, username: shown.username, title: shown.title }) : ""}
          </p>
          <div className="carousel-streamer">
            <Avatar name={shown.username} image={featured.avatar} size={44} isLive />
            <div>
              <Link to="/stream/$username" params={{ username: featured.username }} className="carousel-title">
                {shown.title}
              </Link>
              <Link to="/profile/$username" params={{ username: featured.username }} className="carousel-user">
                {shown.username}
              </Link>
            </div>
          </div>
          <p className="carousel-meta">
            <span className="badge badge-live">{t("badge_live")}</span>
            <span className="tabular">
              <Users size={14} aria-hidden /> {t("viewers", { count: featured.viewerCount, formatted: formatCount(featured.viewerCount) })}
            </span>
            {shown.game ? (
              <Link to="/game/$id" params={{ id: shown.game.id }}>
                {shown.game.name}
              </Link>
            ) : null}
          </p>
          {featured.description ? <p className="carousel-description muted">{featured.description}</p> : null}
          <div className="carousel-actions">
            <Link to="/stream/$username" params={{ username: featured.username }} className="btn btn-primary">
              {t("watch")}
            </Link>
            {arrows}
          </div>
        </div>
      </div>
      <ol className="carousel-slides" aria-label={t("carousel_slides")}>
        {slides.map((stream, i) => (
          <li key={stream.channelArn}>
            <button
              type="button"
              className={clsx("carousel-slide", i === index && "carousel-slide-selected")}
              aria-current={i === index}
              aria-label={t("show_live", { username: stream.username })}
              onClick={() => show(i)}
            >
              {stream.thumbnail ? <img src={stream.thumbnail} alt="" loading="lazy" /> : <span className="carousel-slide-placeholder">{stream.username}</span>}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
