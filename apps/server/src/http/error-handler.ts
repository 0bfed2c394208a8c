// Every failure answers `{ error: { code, message, issues? } }`; never a stack trace.
import type { ApiError, ApiErrorCode } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors.js";

function send(reply: FastifyReply, status: number, code: ApiErrorCode, message: string, issues?: ApiError["error"]["issues"]) {
  const body: ApiError = { error: issues ? { code, message, issues } : { code, message } };
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/**
 * Client errors raised by Fastify or its plugins (bad JSON, body too large, wrong content type, a
 * path the static files refuse such as `/..%5c..`) by status; none of them is the server's fault.
 */
function fromFastify(error: FastifyError): { status: number; code: ApiErrorCode; message: string } | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, code: "payload_too_large", message: errorMessages.payloadTooLarge };
  if (status === 429) return { status, code: "too_many_requests", message: errorMessages.tooManyAttempts };
  // The static layer answers 403 for paths it refuses to resolve: to a client that is simply nothing.
  if (status === 404 || status === 403) return { status: 404, code: "not_found", message: errorMessages.routeNotFound };
  // 415 (unsupported media type), 400 (malformed JSON, empty body …) and any other 4xx: bad input.
  if (status >= 400 && status < 500) return { status: 400, code: "bad_request", message: errorMessages.badRequest };
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return send(reply, error.statusCode, error.code, error.message, error.issues);
    }
    const known = fromFastify(error);
    if (known) {
      request.log.info({ code: error.code }, error.message);
      return send(reply, known.status, known.code, known.message);
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, "internal", errorMessages.internal);
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route (a path that is no valid URL
 * component, a path param over the length limit) answers like every other refusal, not Fastify's English body.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = fromFastify(error);
  if (!known) {
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, "internal", errorMessages.internal);
  }
  request.log.info({ code: error.code }, error.message);
  return send(reply, known.status, known.code, known.message);
}

/** Unknown API routes answer JSON 404; the SPA fallback handles the rest (see static-web.ts). */
export function sendRouteNotFound(reply: FastifyReply) {
  return send(reply, 404, "not_found", errorMessages.routeNotFound);
}
