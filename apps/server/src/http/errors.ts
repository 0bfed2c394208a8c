// Typed HTTP errors: services throw these, the error handler turns them into the error body of the protocol's errors.ts.
import type { ApiErrorCode } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";

export interface Issue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ApiErrorCode,
    message: string,
    public readonly issues?: Issue[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string = errorMessages.badRequest, issues?: Issue[]) =>
  new HttpError(400, "bad_request", message, issues);
export const unauthorized = (message: string = errorMessages.unauthorized) => new HttpError(401, "unauthorized", message);
export const forbidden = () => new HttpError(403, "forbidden", errorMessages.forbidden);
export const notFound = (message: string = errorMessages.notFound) => new HttpError(404, "not_found", message);
export const conflict = (message: string) => new HttpError(409, "conflict", message);
/** Valid input whose work is over a limit found while doing it (e.g. a planner run over its time). */
export const unprocessable = (message: string) => new HttpError(422, "unprocessable", message);
export const tooManyRequests = (message: string) => new HttpError(429, "too_many_requests", message);
