// REST of the world administration (admin): add a world, import its files with upload progress,
// turn its sync on or off or correct its time zone, sync it now. The list itself is the shared query of
// lib/world-data.
import type { World, WorldImportResponse, WorldResponse, WorldsResponse, WorldUpdate } from "@dsbot/protocol";
import { routePath, worldRoutes } from "@dsbot/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/api";
import { uploadForm } from "@/lib/upload";
import { worldKeys } from "@/lib/world-data";

export { worldsQueryOptions } from "@/lib/world-data";

function useReplaceInList() {
  const client = useQueryClient();
  return ({ world }: WorldResponse) => {
    client.setQueryData<WorldsResponse>(worldKeys.list, (old) => old && { worlds: old.worlds.map((w) => (w.id === world.id ? world : w)) });
    return client.invalidateQueries({ queryKey: worldKeys.list });
  };
}

export function useCreateWorld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: World) => api.call(worldRoutes.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: worldKeys.list }),
  });
}

export function useUpdateWorld() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, ...body }: WorldUpdate & { id: number }) => api.call(worldRoutes.update, { params: { id }, body }),
    onSuccess: replace,
  });
}

export function useSyncWorldNow() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (id: number) => api.call(worldRoutes.sync, { params: { id } }),
    onSuccess: replace,
  });
}

/** Where an import is: sending the files (percent of bytes), then the server importing them. */
export type ImportPhase = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "importing" };

/** POST /api/worlds/{id}/import with the files as the game names them, and the phase for a progress bar. */
export function useImportWorldFiles(worldId: number) {
  const client = useQueryClient();
  const [phase, setPhase] = useState<ImportPhase>({ kind: "idle" });
  const mutation = useMutation({
    mutationFn: ({ files, signal }: { files: readonly File[]; signal?: AbortSignal }) => {
      const form = new FormData();
      for (const file of files) form.append("files", file, file.name);
      setPhase({ kind: "uploading", percent: 0 });
      return uploadForm<WorldImportResponse>(routePath(worldRoutes.importFiles.path, { id: worldId }), form, {
        onProgress: ({ loaded, total }) => setPhase(loaded >= total ? { kind: "importing" } : { kind: "uploading", percent: Math.floor((loaded / total) * 100) }),
        onUploaded: () => setPhase({ kind: "importing" }),
        ...(signal ? { signal } : {}),
      });
    },
    onSettled: () => setPhase({ kind: "idle" }),
    onSuccess: () => client.invalidateQueries({ queryKey: worldKeys.list }),
  });
  return { ...mutation, phase };
}
