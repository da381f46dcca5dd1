import { createFileRoute } from "@tanstack/react-router";
import { searchQueryOptions } from "../features/discovery/api/search.ts";
import { SearchPage } from "./-components/search-page.tsx";
import { startQuery } from "../lib/routing.ts";

export const Route = createFileRoute("/search/$id")({
  loader: ({ context, params }) => (params.id.trim() ? startQuery(context.queryClient, searchQueryOptions(params.id, "page")) : undefined),
  component: SearchScreen,
});

function SearchScreen() {
  const { id } = Route.useParams();
  return <SearchPage term={id} />;
}
