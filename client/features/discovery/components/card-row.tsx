import { Link, type LinkProps } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CardSkeleton } from "../../../components/skeleton.tsx";
import { scrollBehavior } from "../../../lib/motion.ts";
import "../../../i18n/screens/discovery.ts";

interface CardRowProps {
  title: string;
  /** Where "See all" goes. */
  more?: LinkProps;
  loading: boolean;
  empty: string;
  count: number;
  variant?: "wide" | "tall";
  children: ReactNode;
}

/** A titled horizontal row of cards that scrolls sideways (arrow buttons on wide screens, swipe on phones). */
export function CardRow({ title, more, loading, empty, count, variant = "wide", children }: CardRowProps) {
  const { t } = useTranslation("discovery");
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.9, behavior: scrollBehavior() });
  return (
    <section className="card-row" aria-labelledby={id}>
      <header className="card-row-head">
        <h2 id={id}>{title}</h2>
        <div className="card-row-actions">
          {more ? (
            <Link {...more} className="card-row-more">
              {t("see_all")}
            </Link>
          ) : null}
          <button type="button" className="icon-btn hide-touch" aria-label={t("scroll_back", { title })} onClick={() => scroll(-1)}>
            <ChevronLeft size={20} aria-hidden />
          </button>
          <button type="button" className="icon-btn hide-touch" aria-label={t("scroll_forward", { title })} onClick={() => scroll(1)}>
            <ChevronRight size={20} aria-hidden />
          </button>
        </div>
      </header>
      {loading ? (
        <div className={`card-row-track card-row-${variant}`} aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : count === 0 ? (
        <p className="card-row-empty muted">{empty}</p>
      ) : (
        <div ref={track} className={`card-row-track card-row-${variant}`}>
          {children}
        </div>
      )}
    </section>
  );
}
