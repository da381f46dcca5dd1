import { createFileRoute } from "@tanstack/react-router";
import { TagPage } from "../features/discovery/components/tag-page.tsx";

export const Route = createFileRoute("/tag/$tagName")({ component: TagScreen });

function TagScreen() {
  const { tagName } = Route.useParams();
  return <TagPage key={tagName} tag={tagName} />;
}
