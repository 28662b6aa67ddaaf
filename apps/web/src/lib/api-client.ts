import { paths } from "../config/paths.ts";
import { showErrorDialog } from "./error-dialog.ts";
import { navigateTo } from "./navigation.ts";
import { currentLocale, hasTranslation, translate } from "./translator.ts";

export const ACCESS_TOKEN_KEY = "access_token";

/** A failed call. `status` 0 means there was no answer at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly description: string | null,
    /** Why, on the codes that say (`ERROR_REASONS` of the contracts: a promo code's, docs/decisions/0251). */
    readonly reason: string | null = null,
  ) {
    super(code ?? `HTTP ${status}`);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /**
   * false: the caller handles every failure itself (the token refresh), so the client neither
   * shows the error dialog nor navigates.
   */
  handleErrors?: boolean;
  /**
   * Codes the caller shows in place (the promo page's reasons): no dialog for them; every other
   * failure is handled as usual.
   */
  ownCodes?: readonly string[];
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The session registers its log-out here; it cannot be imported without a cycle. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** docs/product/calls-and-errors.md: the catalogue's `errors:api_<code>`, else the server's description, else server_error. */
export function errorMessage(code: string | null, description: string | null): string {
  const key = `errors:api_${code}`;
  if (code && hasTranslation(key)) return translate(key);
  if (description) return description;
  return translate("errors:server_error");
}

/** JSON answers parsed; a text answer (the console's CSV export) as its text. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (response.ok && response.headers.get("content-type")?.startsWith("text/")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Every call to the API (docs/product/calls-and-errors.md): JSON in and out, the driver's language in
 * `Accept-Language`, the stored access token as a Bearer token, and docs/product/calls-and-errors.md's handling of
 * failures: 500 or no answer → server_error dialog; 401 → log out; 404 → /notfound; 429 → the
 * server's message with the wait; any other coded error → its translated message in the dialog. The promise rejects with ApiError in
 * every failure case, so callers only need to stop their loading state.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, signal, handleErrors = true } = options;
  const token = localStorage.getItem(ACCESS_TOKEN_KEY);
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": currentLocale(),
    ...options.headers,
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\//, "")}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    // The browser knows it is offline: say so plainly (a payment screen shows the description).
    const offline = typeof navigator !== "undefined" && !navigator.onLine ? translate("errors:offline") : null;
    if (handleErrors) showErrorDialog(offline ?? translate("errors:server_error"));
    throw new ApiError(0, null, offline);
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  const errorBody = (payload ?? {}) as { error?: unknown; error_description?: unknown; reason?: unknown };
  const code = typeof errorBody.error === "string" ? errorBody.error : null;
  const description = typeof errorBody.error_description === "string" ? errorBody.error_description : null;
  const reason = typeof errorBody.reason === "string" ? errorBody.reason : null;
  const failure = new ApiError(response.status, code, description, reason);
  if (!handleErrors || (code && options.ownCodes?.includes(code))) throw failure;

  if (response.status >= 500) showErrorDialog(translate("errors:server_error"));
  else if (response.status === 401 && token) onUnauthorized();
  else if (response.status === 404) navigateTo(paths.notFound.path);
  // A rate limit's code is the catalogue's generic action_not_available; only the server's
  // description says how long to wait (docs/decisions/0002), so it is the message.
  else if (response.status === 429 && description) showErrorDialog(description);
  else showErrorDialog(errorMessage(code, description));
  throw failure;
}
