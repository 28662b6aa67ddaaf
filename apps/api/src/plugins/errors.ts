import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { DEFAULT_LOCALE, isErrorCode, type Locale } from "@estaciona/contracts";
import { isNotFoundCode, MESSAGE } from "@estaciona/contracts/schemas/common";
import { translate } from "@estaciona/i18n";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";
import { requestLocale } from "../lib/locale.ts";
import { reportServerError } from "./error-reports.ts";

/**
 * Every failure leaves as `{ error, error_description }` in the request's language (docs/product/calls-and-errors.md).
 * Client mistakes become catalogue codes; anything else is logged whole and answered as a bare
 * `server_error`, so no stack trace or internal message ever reaches the client. Unknown
 * routes are answered by the web plugin (SPA pages) or as `object_not_found`.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return sendError(
        request,
        reply,
        new AppError("invalid_data", {
          status: 503,
          messageKey: "errors.server_error",
          headers: { "retry-after": "5" },
        }),
        "server_error",
      );
    }
    const appError = toAppError(error, request);
    if (!appError) {
      request.log.error({ err: error }, "unhandled error");
      reportServerError(error, request.id);
      return sendError(
        request,
        reply,
        new AppError("invalid_data", { status: 500, messageKey: "errors.server_error" }),
        "server_error",
      );
    }
    if (appError.status >= 500) {
      request.log.error({ err: error }, appError.message);
      reportServerError(error, request.id);
    }
    return sendError(request, reply, appError);
  });
});

/**
 * Router failures (an undecodable URL, a path parameter over the length limit) happen before any
 * route or hook runs; Fastify's `frameworkErrors` option sends them here so they keep the same shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  return sendError(request, reply, new AppError("invalid_data", { status, detail: error.message }));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line or headers over the
 * size limit, 431; a malformed request, 400; headers that never finished arriving, 408). Fastify's
 * default writes its own `{ error: "Bad Request", message, statusCode }`; this keeps our shape.
 * No header was read, so the message is in the default language (docs/product/hosts-and-themes.md). Fastify's
 * `clientErrorHandler` option.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, messageKey] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "errors.api_request_head_too_large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "errors.api_invalid_data"]
        : [400, "errors.api_invalid_data"];
  const body = JSON.stringify({ error: "invalid_data", error_description: translate(DEFAULT_LOCALE, messageKey) });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * The language of an answer: the request's `Accept-Language` (the SPA sends its own); a signed-in
 * caller who sends none (a script, an old client) gets the language stored on their account.
 */
function answerLocale(request: FastifyRequest): Locale {
  const header = request.headers["accept-language"];
  // `user` is decorated as null until the guard signs the caller in.
  const stored = (request.user as FastifyRequest["user"] | null)?.locale;
  return header || !stored ? requestLocale(header) : stored;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError, code: string = error.code) {
  const locale = answerLocale(request);
  const description =
    translate(locale, error.messageKey, error.params) ??
    translate(locale, `errors.api_${error.code}`) ??
    translate(locale, "errors.server_error")!;
  return reply
    .code(error.status)
    .headers(error.headers)
    .send({ error: code, error_description: description, ...(error.reason ? { reason: error.reason } : {}) });
}

function toAppError(error: FastifyError, request: FastifyRequest): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return validationError(error, request);
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("malformed_request_invalid_json", { detail: error.message });
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("invalid_data", { status: 413, messageKey: "errors.api_payload_too_large" });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("invalid_data", { status: 415 });
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError("malformed_request_invalid_json");
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return new AppError(status === 404 ? "object_not_found" : "invalid_data", { status, detail: error.message });
  return undefined;
}

type ValidationFailure = FastifyError & { validation: ZodValidationIssue[]; validationContext?: string };
interface ZodValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: object;
}

/**
 * A request that breaks its schema, most precise answer first (docs/decisions/0012):
 * - a path id that is not a UUID names nothing: the route's not-found code (`uuidParams`);
 * - text breaking the text rule: `invalid_data` naming the field;
 * - a malformed e-mail address: `invalid_email` (docs/product/validation.md and docs/product/calls-and-errors.md);
 * - a body field whose schema names a catalogue code as its message: that code (`positiveAmountOr`);
 * - a required field absent: `missing_parameters`; anything else `invalid_data`.
 * A message that is a key of the API's own `errors` namespace (the Idempotency-Key rule) is the answer's message.
 */
function validationError(error: ValidationFailure, request: FastifyRequest): AppError {
  const detail = error.message;
  const leaves = error.validation.flatMap((issue) => leafIssues(issue));
  if (error.validationContext === "params") {
    const named = leaves.map((leaf) => leaf.message).find(isNotFoundCode);
    return new AppError(named ?? "object_not_found", { detail });
  }
  const characters = leaves.find((leaf) => leaf.message === MESSAGE.characters);
  if (characters)
    return new AppError("invalid_data", {
      detail,
      messageKey: "errors.api_invalid_characters",
      params: { field: characters.path.join(".") },
    });
  if (leaves.some((leaf) => leaf.message === MESSAGE.email)) return new AppError("invalid_email", { detail });
  // A body field that names its rule's catalogue code (`positiveAmountOr`): that code is the answer.
  const coded = leaves.map((leaf) => leaf.message).find(isErrorCode);
  if (coded && error.validationContext === "body") return new AppError(coded, { detail });
  const source =
    error.validationContext === "body"
      ? request.body
      : error.validationContext === "querystring"
        ? request.query
        : request.headers;
  const missing = error.validation.some((issue) => isMissingField(source, issue));
  const ownMessage = leaves.map((leaf) => leaf.message).find((message) => message.startsWith("errors."));
  return new AppError(missing ? "missing_parameters" : "invalid_data", {
    detail,
    ...(ownMessage ? { messageKey: ownMessage } : {}),
  });
}

/** The innermost issues of one validation issue, with full paths: a union's shapes each add their own. */
function leafIssues(issue: ZodValidationIssue): Array<{ message: string; path: string[] }> {
  const path = issue.instancePath.split("/").filter(Boolean);
  const shapes = (issue.params as { errors?: unknown }).errors;
  if (issue.keyword !== "invalid_union" || !Array.isArray(shapes)) return [{ message: issue.message ?? "", path }];
  return shapes.flat().flatMap((inner: { code?: string; path?: PropertyKey[]; message?: string }) =>
    leafIssues({
      keyword: inner.code ?? "",
      instancePath: [...path, ...(inner.path ?? []).map(String)].join("/"),
      message: inner.message ?? "",
      params: inner,
    }),
  );
}

/** Connection-level failures of PostgreSQL (class 08, admin shutdown, sockets) or a SQLite file still locked. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "SQLITE_BUSY",
]);

/**
 * The database cannot be reached right now: answered 503 with Retry-After instead of 500, so
 * clients and the load balancer retry. Nothing was written: the request's transaction failed whole.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}

/**
 * A required field is absent: a type failure where there is no value, or a union (`PUT user/edit`
 * takes two shapes) where every shape lacks one of its fields.
 */
function isMissingField(source: unknown, issue: { keyword: string; instancePath: string; params: object }): boolean {
  if (issue.keyword === "invalid_type") return valueAt(source, issue.instancePath) === undefined;
  if (issue.keyword !== "invalid_union") return false;
  const shapes = (issue.params as { errors?: unknown }).errors;
  if (!Array.isArray(shapes) || shapes.length === 0) return false;
  return shapes.every(
    (shapeIssues) =>
      Array.isArray(shapeIssues) &&
      shapeIssues.some((inner: { code?: string; path?: PropertyKey[] }) =>
        isMissingField(source, {
          keyword: inner.code ?? "",
          instancePath: [issue.instancePath, ...(inner.path ?? []).map(String)].join("/").replace(/\/+/g, "/"),
          params: inner,
        }),
      ),
  );
}

function valueAt(source: unknown, pointer: string): unknown {
  let node = source;
  for (const part of pointer.split("/").filter(Boolean)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
