// The user's builder templates as a query (GET /api/account-manager/templates): shared by the Templates
// pages and the module forms, whose builder and template assigner pick a template by name.
import { templateRoutes } from "@dsbot/protocol";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";

export const templateKeys = {
  all: ["builder-templates"] as const,
  list: ["builder-templates", "list"] as const,
  detail: (id: number) => ["builder-templates", "detail", id] as const,
};

export const templatesQueryOptions = queryOptions({
  queryKey: templateKeys.list,
  queryFn: ({ signal }) => api.call(templateRoutes.list, { signal }),
});
