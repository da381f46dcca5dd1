import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  SetWinnerSchema,
  StartTournamentSchema,
  TopCutChoiceSchema,
  TournamentCreated,
  TournamentDone as Ok,
  TournamentJoined,
  TournamentPlayerBodySchema,
} from "../../../../server/tournaments/schemas.ts";
import { api } from "../../../lib/api.ts";
import { tournamentKeys } from "./queries.ts";

const base = "/tournament";
type PlayerBody = z.input<typeof TournamentPlayerBodySchema>;

/** Every change refreshes the tournament's own queries and the lists that show it. */
function useRefresh(id: number | null) {
  const queryClient = useQueryClient();
  return () => {
    if (id !== null) void queryClient.invalidateQueries({ queryKey: tournamentKeys.one(id) });
    void queryClient.invalidateQueries({ queryKey: tournamentKeys.list() });
    void queryClient.invalidateQueries({ queryKey: ["tournaments", "mine"] });
  };
}

export function useCreateTournament() {
  const refresh = useRefresh(null);
  return useMutation({
    mutationFn: (form: FormData) => api<TournamentCreated>(`${base}/create-tournament`, { method: "POST", body: form }),
    onSuccess: refresh,
  });
}

export function useUpdateTournament(id: number) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (form: FormData) => api<Ok>(`${base}/update-tournament/${id}`, { method: "PUT", body: form }), onSuccess: refresh });
}

export function useDeleteTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Ok>(`${base}/delete/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.all }),
  });
}

export function useStartTournament(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    // `seeding`: the organiser's order, best first (user ids); join order when absent.
    mutationFn: (seeding?: number[]) =>
      api<Ok>(`${base}/start-tournament`, { method: "POST", body: { tournmentID: id, ...(seeding ? { seeding } : {}) } satisfies z.input<typeof StartTournamentSchema> }),
    onSuccess: refresh,
  });
}

export function useJoinTournament(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (userId: number) => api<TournamentJoined>(`${base}/join-tournament`, { method: "POST", body: { tournmentID: id, PlayerID: userId } satisfies PlayerBody }),
    onSuccess: refresh,
  });
}

export function useLeaveTournament(id: number) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (userId: number) => api<Ok>(`${base}/leave-tournament`, { method: "POST", body: { tournmentID: id, PlayerID: userId } satisfies PlayerBody }), onSuccess: refresh });
}

export function useApprovePlayer(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (playerId: number) => api<Ok>(`${base}/approve-player`, { method: "PUT", body: { tournmentID: id, PlayerID: playerId } satisfies PlayerBody }),
    onSuccess: refresh,
  });
}

export function useDeletePlayer(id: number) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (playerId: number) => api<Ok>(`${base}/player/${playerId}`, { method: "DELETE" }), onSuccess: refresh });
}

export function useStartMatch(id: number) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (matchId: string) => api<Ok>(`${base}/start-match/${encodeURIComponent(matchId)}`, { method: "POST" }), onSuccess: refresh });
}

/** A match's end as the card sends it: its id, the scores, and the winner when the scores are level. */
type EndMatchInput = Omit<z.input<typeof SetWinnerSchema>, "tournmentID">;

export function useEndMatch(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (input: EndMatchInput) => api<Ok>(`${base}/set-winner`, { method: "POST", body: { ...input, tournmentID: id } satisfies z.input<typeof SetWinnerSchema> }),
    onSuccess: refresh,
  });
}

/** The organiser settles a tie on a Swiss top cut's line: the tied players who go through (issue 34, item 5). */
export function useDecideTopCut(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (playerIds: number[]) => api<Ok>(`${base}/${id}/top-cut`, { method: "POST", body: { playerIds } satisfies z.input<typeof TopCutChoiceSchema> }),
    onSuccess: refresh,
  });
}
