import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { PublicSiteSchema } from "../../server/site/schemas.ts";
import { api } from "../lib/api.ts";

type Site = z.infer<typeof PublicSiteSchema>;

/** The site's name and logo (set in the admin console) and whether sign-ups are open; the console refreshes it after a change. */
export const useSite = () => useQuery({ queryKey: ["site"], queryFn: ({ signal }) => api<Site>("/site", { signal }), staleTime: 5 * 60_000 });
