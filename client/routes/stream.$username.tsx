import { createFileRoute } from "@tanstack/react-router";
import { ChatPanel } from "../features/chat/components/chat-panel.tsx";
import { ClipButton } from "../features/clips/components/clip-button.tsx";
import { FollowButton } from "../features/follows/components/follow-button.tsx";
import { RaidButton } from "../features/raids/components/raid-button.tsx";
import { RaidNotice } from "../features/raids/components/raid-notice.tsx";
import { MyReplays } from "../features/replays/components/my-replays.tsx";
import { streamQueryOptions } from "../features/streams/api/get-stream.ts";
import { RecordingStoppedBanner } from "../features/streams/components/recording-stopped-banner.tsx";
import { StreamPage } from "../features/streams/components/stream-page.tsx";
import { StreamHealthPanel } from "../features/health/components/stream-health-panel.tsx";
import { StreamerTournament } from "../features/tournaments/components/bracket-for-stream.tsx";
import { ChannelMatchBanner } from "../features/tournaments/components/channel-match-banner.tsx";
import { startQuery } from "../lib/routing.ts";
import { useSession } from "../data/session.ts";
import { lazy, Suspense } from "react";

// Imported when shown, from this page's chunk: the fediverse's code stays out of the first load's list of chunks.
const FediverseHandle = lazy(() => import("../features/fediverse/components/fediverse-handle.tsx").then((module) => ({ default: module.FediverseHandle })));

export const Route = createFileRoute("/stream/$username")({
  loader: ({ context, params }) => startQuery(context.queryClient, streamQueryOptions(params.username)),
  component: StreamScreen,
});

/**
 * The stream page composes its features: the stream itself, its chat, the follow button, the streamer's tournament,
 * the owner's replays when offline, their raid button while live and their stream health, a raid's notice to its viewers,
 * and the channel's handle on the fediverse when the site federates.
 */
function StreamScreen() {
  const { username } = Route.useParams();
  const me = useSession().user;
  const isOwner = me !== null && me.username.toLowerCase() === username.toLowerCase();
  return (
    <StreamPage
      key={username.toLowerCase()}
      username={username}
      renderChat={(stream) => (
        <ChatPanel
          streamID={stream.channelArn}
          username={stream.username}
          ownerId={stream.user}
          followed={stream.isFollowed}
          followButton={<FollowButton key={`chat-${stream.user}-${stream.isFollowed}`} channelId={stream.user} username={stream.username} isFollowed={stream.isFollowed} />}
        />
      )}
      ownerOffline={isOwner ? <MyReplays /> : null}
      renderOwnerLive={isOwner ? (stream) => <RaidButton channelArn={stream.channelArn} /> : undefined}
      renderBelow={(stream) => (
        <>
          {isOwner ? <StreamHealthPanel username={stream.username} /> : null}
          <Suspense fallback={null}>
            <FediverseHandle identifier={stream.username} />
          </Suspense>
          <StreamerTournament streamerId={stream.user} />
        </>
      )}
      renderBanner={(stream) => (
        <>
          {isOwner && stream.isLive ? <RecordingStoppedBanner /> : null}
          {isOwner ? null : <RaidNotice channelArn={stream.channelArn} />}
          <ChannelMatchBanner username={stream.username} />
        </>
      )}
      renderClip={(stream) => (stream.isLive ? <ClipButton target={{ kind: "live", username: stream.username }} /> : null)}
      renderFollow={(stream) => <FollowButton key={`${stream.user}-${stream.isFollowed}`} channelId={stream.user} username={stream.username} isFollowed={stream.isFollowed} />}
    />
  );
}
