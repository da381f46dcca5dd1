import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api } from "../../../lib/api.ts";

const ChannelSchema = z.object({ channelArn: z.string().min(1), user: z.number(), username: z.string() });
export type ChatChannel = z.infer<typeof ChannelSchema>;

/**
 * The chat id (the channel's public id) of the caller's own channel. A streamer who opens the OBS
 * dock before ever going live has no channel yet: it is created, as the first login would.
 */
export async function getOwnChatChannel(username: string): Promise<ChatChannel> {
  const read = async () => ChannelSchema.parse(await api<unknown>(`/stream/stream/${encodeURIComponent(username)}`));
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    await api("/stream/mychannel/init", { method: "POST" }).catch((initError: unknown) => {
      if (!(initError instanceof ApiError) || initError.status !== 422) throw initError;
    });
    return read();
  }
}

export function ownChatChannelQueryOptions(username: string) {
  return queryOptions({ queryKey: ["chat", "own-channel", username], queryFn: () => getOwnChatChannel(username), staleTime: Infinity });
}

export function useOwnChatChannel(username: string | null) {
  return useQuery({ ...ownChatChannelQueryOptions(username ?? ""), enabled: username !== null });
}
