// The routes of the builder templates (the Account Manager's "Templates").
import type { BuilderTemplateInput, BuilderTemplateListResponse, BuilderTemplateResponse } from "../builder-templates.js";
import { del, get, post, put } from "./route.js";

export const templateRoutes = {
  list: get("/api/account-manager/templates").returns<BuilderTemplateListResponse>(),
  create: post("/api/account-manager/templates").body<BuilderTemplateInput>().returns<BuilderTemplateResponse>(),
  detail: get("/api/account-manager/templates/:id").returns<BuilderTemplateResponse>(),
  /** Replace a template's name and steps. */
  replace: put("/api/account-manager/templates/:id").body<BuilderTemplateInput>().returns<BuilderTemplateResponse>(),
  remove: del("/api/account-manager/templates/:id"),
};
