import { createFileRoute } from "@tanstack/react-router";
import { TOURNAMENT_TABS, type TournamentTab, TournamentScreen } from "../features/tournaments/components/tournament-page.tsx";

// The open tab lives in the address (?tab=brackets), so a link or a reload lands on it.
export const Route = createFileRoute("/tournament/$id")({
  validateSearch: (search: Record<string, unknown>): { tab?: TournamentTab } =>
    TOURNAMENT_TABS.includes(search.tab as TournamentTab) && search.tab !== "about" ? { tab: search.tab as TournamentTab } : {},
  component: TournamentRoute,
});

function TournamentRoute() {
  const id = Number(Route.useParams().id);
  const { tab = "about" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const selectTab = (next: TournamentTab) => void navigate({ search: next === "about" ? {} : { tab: next }, replace: true });
  return <TournamentScreen key={id} id={id} tab={tab} onTabChange={selectTab} />;
}
