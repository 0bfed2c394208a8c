// REST of the builder templates (/api/account-manager/templates): the list, one template, create,
// replace and delete (with a confirm). Duplicating reads the template and creates a copy.
import type { BuilderTemplateInput } from "@dsbot/protocol";
import { templateRoutes, builderTemplateMessages } from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { api } from "@/lib/api";
import { templateKeys, templatesQueryOptions } from "@/lib/builder-templates-query";
import { alertError } from "@/lib/api-error-message";
import { templateTexts as texts } from "../texts";

export { templateKeys, templatesQueryOptions };

export const templateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => api.call(templateRoutes.detail, { params: { id }, signal }),
  });

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuilderTemplateInput) => api.call(templateRoutes.create, { body }),
    onSuccess: ({ template }) => {
      client.setQueryData(templateKeys.detail(template.id), { template });
      return client.invalidateQueries({ queryKey: templateKeys.list });
    },
  });
}

export function useSaveTemplate(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuilderTemplateInput) => api.call(templateRoutes.replace, { params: { id }, body }),
    onSuccess: (answer) => {
      client.setQueryData(templateKeys.detail(id), answer);
      return client.invalidateQueries({ queryKey: templateKeys.list });
    },
  });
}

/** A copy named "<name> (Kopie)" (then " 2", " 3" … while that name is taken). */
export function useDuplicateTemplate() {
  const client = useQueryClient();
  const create = useCreateTemplate();
  return useCallback(
    async (template: { id: number; name: string }, taken: readonly string[]) => {
      try {
        const { template: source } = await client.fetchQuery(templateQueryOptions(template.id));
        const names = new Set(taken.map((n) => n.toLocaleLowerCase("de")));
        const base = builderTemplateMessages.copyName(source.name);
        let name = base;
        for (let i = 2; names.has(name.toLocaleLowerCase("de")); i++) name = `${base} ${i}`;
        const { template: copy } = await create.mutateAsync({ name, steps: source.steps });
        alert.success(texts.duplicated(copy.name));
      } catch (error) {
        alertError(error);
      }
    },
    [client, create],
  );
}

export function useConfirmDeleteTemplate(): (template: { id: number; name: string }) => Promise<boolean> {
  const client = useQueryClient();
  return useCallback(
    async (template) => {
      const confirmed = await confirm({
        title: texts.removeTitle,
        message: texts.removeMessage(template.name),
        confirmLabel: texts.removeConfirm,
        cancelLabel: texts.cancel,
        danger: true,
      });
      if (!confirmed) return false;
      try {
        await api.call(templateRoutes.remove, { params: { id: template.id } });
      } catch (error) {
        alertError(error);
        return false;
      }
      alert.success(texts.removed(template.name));
      client.removeQueries({ queryKey: templateKeys.detail(template.id) });
      await client.invalidateQueries({ queryKey: templateKeys.list });
      return true;
    },
    [client],
  );
}
