import { createFileRoute } from "@tanstack/react-router";
import { StreamChatPage } from "../features/chat/components/stream-chat-page.tsx";

export const Route = createFileRoute("/streamChat/$username")({ component: StreamChatScreen });

function StreamChatScreen() {
  const { username } = Route.useParams();
  return <StreamChatPage username={username} />;
}
