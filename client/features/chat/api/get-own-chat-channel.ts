import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChannelCreated, StreamDetail } from "../../../../server/channels/schemas.ts";
import { ApiError, api } from "../../../lib/api.ts";

type ChatChannel = Pick<StreamDetail, "channelArn" | "user" | "username">;

/**
 * The chat id (the channel's public id) of the caller's own channel. A streamer who opens the OBS
 * dock before ever going live has no channel yet: it is created, as the first login would.
 */
async function getOwnChatChannel(username: string): Promise<ChatChannel> {
  const read = async (): Promise<ChatChannel> => {
    const { channelArn, user, username: owner } = await api<StreamDetail>(`/stream/stream/${encodeURIComponent(username)}`);
    return { channelArn, user, username: owner };
  };
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    await api<ChannelCreated>("/stream/mychannel/init", { method: "POST" }).catch((initError: unknown) => {
      if (!(initError instanceof ApiError) || initError.status !== 422) throw initError;
    });
    return read();
  }
}

function ownChatChannelQueryOptions(username: string) {
  return queryOptions({ queryKey: ["chat", "own-channel", username], queryFn: () => getOwnChatChannel(username), staleTime: Infinity });
}

export function useOwnChatChannel(username: string | null) {
  return useQuery({ ...ownChatChannelQueryOptions(username ?? ""), enabled: username !== null });
}
