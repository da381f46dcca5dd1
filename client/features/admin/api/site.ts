import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  AdminReplayListSchema,
  AdminSiteSchema,
  ChatBanListSchema,
  InvitationCreatedSchema,
  InvitationInputSchema,
  InvitationListSchema,
  LogoSchema,
  SiteUpdateSchema,
  TestMailSchema,
} from "../../../../server/site/schemas.ts";
import type { ClipList } from "../../../../server/clips/schemas.ts";
import type { FediverseDeliveryPageSchema } from "../../../../server/federation/followers-schemas.ts";
import type { AdminGameAnswerSchema, AdminGameListSchema, GameInputSchema } from "../../../../server/games/schemas.ts";
import type { LegalResponse, LegalUpdateSchema, LegalVersionListSchema } from "../../../../server/legal/schemas.ts";
import { api } from "../../../lib/api.ts";
import { adminKeys } from "./admin.ts";

// The console's Content and Site tabs (issue 20). Every query lives under "admin", so one
// invalidation after an action reads again what it changed (the audit log too).
type AdminReplays = z.infer<typeof AdminReplayListSchema>;
type ChatBans = z.infer<typeof ChatBanListSchema>;
export type AdminSite = z.infer<typeof AdminSiteSchema>;
type Invitations = z.infer<typeof InvitationListSchema>;
type AdminGames = z.infer<typeof AdminGameListSchema>;
export type AdminGame = AdminGames["games"][number];
type LegalVersions = z.infer<typeof LegalVersionListSchema>;
type Logo = z.infer<typeof LogoSchema>;
type TestMail = z.infer<typeof TestMailSchema>;
type InvitationCreated = z.infer<typeof InvitationCreatedSchema>;
type AdminGameAnswer = z.infer<typeof AdminGameAnswerSchema>;
type FediverseDeliveries = z.infer<typeof FediverseDeliveryPageSchema>;
export type FediverseDeliveryState = FediverseDeliveries["deliveries"][number]["state"];
/** A game's texts, as the console's game form sends them. */
export type GameTexts = z.input<typeof GameInputSchema>;
export type ReplayState = "all" | "visible" | "deleted";

export const REPLAY_PAGE = 25;
export const CLIP_PAGE = 25;

export const useAdminReplays = (filter: { q: string; state: ReplayState; page: number }) => {
  const search = new URLSearchParams({ state: filter.state, page: String(filter.page), limit: String(REPLAY_PAGE) });
  if (filter.q.trim()) search.set("q", filter.q.trim());
  return useQuery({
    queryKey: ["admin", "replays", filter],
    queryFn: ({ signal }) => api<AdminReplays>(`/admin/replays?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
};
export const useAdminClips = (filter: { q: string; page: number }) => {
  const search = new URLSearchParams({ page: String(filter.page), limit: String(CLIP_PAGE) });
  if (filter.q.trim()) search.set("q", filter.q.trim());
  return useQuery({
    queryKey: ["admin", "clips", filter],
    queryFn: ({ signal }) => api<ClipList>(`/admin/clips?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
};
export const useChatBans = () => useQuery({ queryKey: ["admin", "chat-bans"], queryFn: ({ signal }) => api<ChatBans>("/admin/chat-bans", { signal }) });
export const useAdminSite = () => useQuery({ queryKey: ["admin", "site"], queryFn: ({ signal }) => api<AdminSite>("/admin/site", { signal }) });
/** The fediverse's delivery log (issue 38, item 6), newest first; it refreshes while deliveries are still due. */
export const useFediverseDeliveries = (filter: { page: number; state: FediverseDeliveryState | "all" }) =>
  useQuery({
    queryKey: ["admin", "fediverse-deliveries", filter],
    queryFn: ({ signal }) => api<FediverseDeliveries>(`/admin/fediverse/deliveries?page=${filter.page}${filter.state === "all" ? "" : `&state=${filter.state}`}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.state === "pending") ? 5000 : false),
  });
export const useInvitations = () => useQuery({ queryKey: ["admin", "invitations"], queryFn: ({ signal }) => api<Invitations>("/admin/invitations", { signal }) });
export const useAdminGames = () => useQuery({ queryKey: ["admin", "games"], queryFn: ({ signal }) => api<AdminGames>("/admin/games", { signal }) });
export const useLegalForEdit = (type: string, lang: string) =>
  useQuery({ queryKey: ["admin", "legal", type, lang], queryFn: ({ signal }) => api<LegalResponse>(`/legal/${type}?lang=${lang}`, { signal }) });
export const useLegalVersions = (type: string, lang: string) =>
  useQuery({ queryKey: ["admin", "legal-versions", type, lang], queryFn: ({ signal }) => api<LegalVersions>(`/legal/${type}/versions?lang=${lang}`, { signal }) });

/** Any console call that changes something: afterwards every console query (and the site's header) is read again. */
export function useAdminCall<I, O = unknown>(call: (input: I) => Promise<O>, options: { onSuccess?: (answer: O, input: I) => void; onError?: (error: Error, input: I) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer, input) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["site"] });
      void queryClient.invalidateQueries({ queryKey: ["legal"] });
      options.onSuccess?.(answer, input);
    },
    onError: (error, input) => options.onError?.(error, input),
  });
}

export const adminCalls = {
  restoreReplay: (id: number) => api(`/stream/replays/${id}/restore`, { method: "POST" }),
  purgeReplay: (id: number) => api(`/stream/replays/${id}?hard=true`, { method: "DELETE" }),
  deleteClip: (id: number) => api(`/stream/clips/${id}`, { method: "DELETE" }),
  liftBan: (ban: { channelId: number; userId: number }) => api(`/admin/chat-bans/${ban.channelId}/${ban.userId}`, { method: "DELETE" }),
  updateSite: (changes: z.input<typeof SiteUpdateSchema>) => api<AdminSite>("/admin/site", { method: "PATCH", body: changes }),
  uploadLogo: (file: File) => api<Logo>("/admin/site/logo", { method: "POST", body: formOf(file) }),
  removeLogo: () => api<Logo>("/admin/site/logo", { method: "DELETE" }),
  testMail: () => api<TestMail>("/admin/site/test-mail", { method: "POST" }),
  invite: (input: z.input<typeof InvitationInputSchema>) => api<InvitationCreated>("/admin/invitations", { method: "POST", body: input }),
  revokeInvitation: (id: number) => api(`/admin/invitations/${id}/revoke`, { method: "POST" }),
  saveLegal: ({ type, ...body }: z.input<typeof LegalUpdateSchema> & { type: string }) => api<LegalResponse>(`/legal/${type}`, { method: "PUT", body }),
  addGame: (input: GameTexts) => api<AdminGameAnswer>("/admin/games", { method: "POST", body: input }),
  editGame: ({ id, ...input }: GameTexts & { id: number }) => api<AdminGameAnswer>(`/admin/games/${id}`, { method: "PUT", body: input }),
  setGameHidden: ({ id, hidden }: { id: number; hidden: boolean }) => api<AdminGameAnswer>(`/admin/games/${id}/${hidden ? "hide" : "show"}`, { method: "POST" }),
  gamePicture: ({ id, picture, file }: { id: number; picture: "icon" | "portrait" | "landscape"; file: File }) =>
    api<AdminGameAnswer>(`/admin/games/${id}/pictures/${picture}`, { method: "POST", body: formOf(file) }),
};

function formOf(file: File): FormData {
  const form = new FormData();
  form.append("filename", file);
  return form;
}
