import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Ingest } from "../../../../server/channels/schemas.ts";
import { api } from "../../../lib/api.ts";

/** This server's own RTMP address for the streaming guide (null when ingest is off). */
export const ingestAddressQueryOptions = () => queryOptions({ queryKey: ["stream", "ingest"], queryFn: ({ signal }) => api<Ingest>("/stream/ingest", { signal }), staleTime: Infinity });

export const useIngestAddress = () => useQuery(ingestAddressQueryOptions());
