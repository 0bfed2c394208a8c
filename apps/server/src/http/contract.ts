// A route's input contract: the protocol schemas its handler parses params, query and body with.
// They ride along in the route's config, so the route table itself tells the security matrix and the
// fuzzer what each route takes; the handler still chooses the order (visibility 404 before body 400).
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { parse } from "./parse.js";

export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart/form-data upload instead of a JSON body: the file names it takes (each also as
   * `.gz`). The security matrix sends such a body; the fuzzer builds hostile ones from the names.
   */
  multipart?: { files: readonly string[] };
}

declare module "fastify" {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : never;

export interface Contract<C extends RouteContract> {
  /** Spread into the route options: `{ config: c.config }`. */
  config: { contract: RouteContract };
  params: (request: FastifyRequest) => Parsed<C["params"]>;
  query: (request: FastifyRequest) => Parsed<C["query"]>;
  body: (request: FastifyRequest) => Parsed<C["body"]>;
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) throw new Error(`route contract declares no ${part} schema`);
  return parse(schema, value);
}

export function contract<const C extends RouteContract>(schemas: C): Contract<C> {
  return {
    config: { contract: schemas },
    params: (request) => parsePart(schemas.params, request.params, "params") as Parsed<C["params"]>,
    query: (request) => parsePart(schemas.query, request.query, "query") as Parsed<C["query"]>,
    body: (request) => parsePart(schemas.body, request.body, "body") as Parsed<C["body"]>,
  };
}
