// Refuses input the database cannot store or that nests absurdly deep, before any handler sees it:
// NUL bytes and lone surrogates in any string or key of params, query and body answer a German 400.
// The protocol's string schemas refuse them too; this catches what no schema names (record keys,
// `unknown` values) and future routes alike.
import { errorMessages, findUncleanInput } from "@dsbot/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "./errors.js";

export function checkInput(value: unknown, part: string): void {
  const found = findUncleanInput(value);
  if (!found) return;
  const message = found.reason === "depth" ? errorMessages.inputTooDeep : errorMessages.invalidChars;
  throw badRequest(message, [{ path: found.path ? `${part}.${found.path}` : part, message }]);
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    checkInput(request.params, "params");
    checkInput(request.query, "query");
    checkInput(request.body, "body");
  });
}
