import { createFileRoute, Link } from "@tanstack/react-router";
import { Radio, Trophy, CalendarDays } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/empty-state.tsx";

export const Route = createFileRoute("/")({ component: HomeScreen });

/** The live carousel and the recommended rows arrive with streaming and discovery (issues 4 and 6). */
function HomeScreen() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">{t("home_title")}</h1>
        <p className="muted">{t("home_tagline")}</p>
      </section>
      <EmptyState icon={<Radio size={40} aria-hidden />} title={t("carousel_empty")} />
      <div className="home-links">
        <Link to="/tournaments" className="tile">
          <Trophy size={28} aria-hidden />
          <span>{t("nav_tournaments")}</span>
        </Link>
        <Link to="/events" className="tile">
          <CalendarDays size={28} aria-hidden />
          <span>{t("nav_events")}</span>
        </Link>
      </div>
    </main>
  );
}
