import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ClipDeleted, ClipDetail, ClipUpdateSchema } from "../../../../server/clips/schemas.ts";
import { api } from "../../../lib/api.ts";
import { clipKeys, type NewClip } from "./clips.ts";

// What makes, renames and deletes a clip: apart from clips.ts, whose read a route loader starts in the first load.

export function useCreateClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewClip) => (await api<ClipDetail>("/stream/clips", { method: "POST", body: input })).clip,
    onSuccess: (clip) => queryClient.setQueryData(clipKeys.one(clip.id), clip),
  });
}

export function useRenameClip(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) => (await api<ClipDetail>(`/stream/clips/${id}`, { method: "PATCH", body: { title } satisfies z.input<typeof ClipUpdateSchema> })).clip,
    onSuccess: (clip) => {
      queryClient.setQueryData(clipKeys.one(id), clip);
      void queryClient.invalidateQueries({ queryKey: [...clipKeys.all, "list"] });
    },
  });
}

export function useDeleteClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ClipDeleted>(`/stream/clips/${id}`, { method: "DELETE" }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: clipKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: [...clipKeys.all, "list"] });
    },
  });
}
