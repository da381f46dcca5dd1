import { createFileRoute } from "@tanstack/react-router";
import { SearchPage } from "../features/discovery/components/search-page.tsx";

export const Route = createFileRoute("/search/$id")({ component: SearchScreen });

function SearchScreen() {
  const { id } = Route.useParams();
  return <SearchPage term={id} />;
}
