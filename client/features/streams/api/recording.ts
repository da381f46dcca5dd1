import { useQuery } from "@tanstack/react-query";
import type { MyRecording } from "../../../../server/storage/schemas.ts";
import { api } from "../../../lib/api.ts";

/** The disk is read every 15 s on the server: asking every 20 s shows a stopped recording within half a minute. */
const RECORDING_POLL_MS = 20_000;

/** Whether the signed-in streamer's live is being recorded (false once stopped for want of disk room). */
export const useMyRecording = (enabled: boolean) =>
  useQuery({ queryKey: ["my-recording"], queryFn: ({ signal }) => api<MyRecording>("/storage/my-recording", { signal }), enabled, refetchInterval: RECORDING_POLL_MS });
