import { ERROR_STATUS, type ErrorCode, type OAuthErrorCode } from "@estaciona/contracts";

/**
 * The one error type of the API. `code` is from the spec's catalogue (or an OAuth code on the
 * token endpoint); the error handler translates it into the request's language. `params` fill
 * placeholders of the message; `headers` are sent with the answer (Retry-After, …).
 */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;

  constructor(
    readonly code: ErrorCode | OAuthErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.detail ?? code, { cause: options.cause });
    this.status = options.status ?? (code in ERROR_STATUS ? ERROR_STATUS[code as ErrorCode] : 400);
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
    this.messageKey = options.messageKey ?? `errors.api_${code}`;
    this.reason = options.reason;
  }

  /** Why, on a code that declares reasons (`ERROR_REASONS`); sent as the answer's `reason`. */
  readonly reason: string | undefined;

  readonly params: Record<string, string | number>;
  readonly headers: Record<string, string>;
  /** The catalogue key of the message (`errors.api_<code>` unless a more precise one applies). */
  readonly messageKey: string;
}

export interface AppErrorOptions {
  status?: number;
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  messageKey?: string;
  reason?: string;
  /** Internal detail for the log; never sent to the client. */
  detail?: string;
  cause?: unknown;
}

/** Waits from this long on are told in minutes: "wait 2841 seconds" is a number nobody can read. */
const WAIT_IN_MINUTES_FROM_SECONDS = 120;

/**
 * 429 with Retry-After; the catalogue's `action_not_available` is the code, the message says how
 * long to wait: seconds for a short wait, whole minutes (rounded up) for a longer one.
 */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const inMinutes = seconds >= WAIT_IN_MINUTES_FROM_SECONDS;
  return new AppError("action_not_available", {
    status: 429,
    // `count` picks the singular or plural sentence ("1 segundo", "5 segundos").
    params: inMinutes ? { minutes: Math.ceil(seconds / 60) } : { count: seconds },
    messageKey: inMinutes ? "errors.api_too_many_requests_minutes" : "errors.api_too_many_requests",
    headers: { "retry-after": String(seconds) },
  });
}
