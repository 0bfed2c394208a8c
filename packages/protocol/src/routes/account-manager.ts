// The routes of the account manager's builder templates.
import type { BuilderTemplateInput, BuilderTemplateListResponse, BuilderTemplateResponse } from "../builder-templates.js";
import { del, get, post, put } from "./route.js";

export const accountManagerRoutes = {
  templates: get("/api/account-manager/templates").returns<BuilderTemplateListResponse>(),
  createTemplate: post("/api/account-manager/templates").body<BuilderTemplateInput>().returns<BuilderTemplateResponse>(),
  template: get("/api/account-manager/templates/:id").returns<BuilderTemplateResponse>(),
  /** Replace a template's name and steps. */
  replaceTemplate: put("/api/account-manager/templates/:id").body<BuilderTemplateInput>().returns<BuilderTemplateResponse>(),
  removeTemplate: del("/api/account-manager/templates/:id"),
};
