import { type Locale, TOKEN_REFRESH_INTERVAL_MS } from "@estaciona/contracts";
import type { EndpointData } from "@estaciona/contracts/endpoint";
import { issueToken, revokeToken } from "@estaciona/contracts/endpoints/auth";
import { setLocale, viewUser } from "@estaciona/contracts/endpoints/users";
import type { User } from "@estaciona/contracts/schemas/user";
import { paths, signInPath } from "../config/paths.ts";
import { ACCESS_TOKEN_KEY, ApiError, setUnauthorizedHandler } from "./api-client.ts";
import { callEndpoint } from "./endpoint-client.ts";
import { getHostConfig } from "./host-config.ts";
import { currentPath, navigateTo } from "./navigation.ts";
import { OFFLINE_STORAGE_KEY } from "./offline/key.ts";
import { createStore } from "./store.ts";

export const REFRESH_TOKEN_KEY = "refresh_token";
/** The web app is a public OAuth client: this secret is not a secret (docs/product/sign-in-and-sessions.md). */
export const CLIENT_SECRET = "estaciona-web-public";
const REFRESH_LOCK_NAME = "estaciona-token-refresh";

export interface SessionState {
  /** True while the refresh that runs on start is under way: the full-screen loading view. */
  restoring: boolean;
  authenticated: boolean;
  user: User | null;
  /** The session could not be checked for want of a connection: the offline screen (docs/offline.md). */
  offline?: boolean;
}

export const sessionStore = createStore<SessionState>({ restoring: false, authenticated: false, user: null });

export const storedTokens = {
  access: () => localStorage.getItem(ACCESS_TOKEN_KEY),
  refresh: () => localStorage.getItem(REFRESH_TOKEN_KEY),
  save(answer: Pick<EndpointData<typeof issueToken>, "access_token" | "refresh_token">) {
    localStorage.setItem(ACCESS_TOKEN_KEY, answer.access_token);
    localStorage.setItem(REFRESH_TOKEN_KEY, answer.refresh_token);
  },
  /** Every log-out: the tokens and the driver's offline copy go together. */
  clear() {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    localStorage.removeItem(OFFLINE_STORAGE_KEY);
  },
};

export const hasRefreshToken = (): boolean => Boolean(storedTokens.refresh());

let refreshTimer: ReturnType<typeof setInterval> | undefined;

function startRefreshTimer(): void {
  stopRefreshTimer();
  refreshTimer = setInterval(() => void refreshSession(), TOKEN_REFRESH_INTERVAL_MS);
}

function stopRefreshTimer(): void {
  if (refreshTimer !== undefined) clearInterval(refreshTimer);
  refreshTimer = undefined;
}

/** GET user/view. A failure logs out (docs/product/entities-and-states.md). */
export async function loadUser(): Promise<User | null> {
  try {
    const user = await callEndpoint(viewUser, {});
    sessionStore.set((state) => ({ ...state, user, authenticated: true }));
    return user;
  } catch {
    await logout();
    return null;
  }
}

/** Replaces the signed-in user after a call that answered the updated user. */
export function setUser(user: User): void {
  sessionStore.set((state) => ({ ...state, user }));
}

/** The SMS grant of docs/product/calls-and-errors.md. Failures show their message and reject; the wizard only stops loading. */
export async function signInWithCode(phoneNumber: string, code: string): Promise<User | null> {
  const host = getHostConfig();
  const answer = await callEndpoint(issueToken, {
    body: {
      grant_type: "sms",
      client_id: host.client_id,
      client_secret: CLIENT_SECRET,
      phone_number: phoneNumber,
      code,
      domain: host.domain,
      subdomain: host.subdomain,
    },
  });
  storedTokens.save(answer);
  startRefreshTimer();
  return loadUser();
}

/**
 * Runs `rotate` while holding a lock shared by every tab of this origin, so only one tab uses
 * the refresh token at a time: refresh tokens rotate and a reused one revokes the whole family
 * (docs/product/sign-in-and-sessions.md). Browsers without the Web Locks API run it directly.
 */
async function withRefreshLock<T>(rotate: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && navigator.locks?.request)
    return navigator.locks.request(REFRESH_LOCK_NAME, rotate);
  return rotate();
}

/**
 * Exchanges the stored refresh token for new tokens; true when the stored tokens are fresh,
 * "offline" when no answer came (the tokens are kept: no connection is not a log-out).
 */
export async function rotateTokens(): Promise<boolean | "offline"> {
  const tokenBeforeWaiting = storedTokens.refresh();
  return withRefreshLock(async () => {
    const current = storedTokens.refresh();
    if (!current) return false;
    // Another tab rotated the tokens while this one waited for the lock: use its fresh ones.
    if (current !== tokenBeforeWaiting) return true;
    try {
      const answer = await callEndpoint(
        issueToken,
        {
          body: {
            grant_type: "refresh_token",
            client_id: getHostConfig().client_id,
            client_secret: CLIENT_SECRET,
            refresh_token: current,
          },
        },
        { handleErrors: false },
      );
      storedTokens.save(answer);
      return true;
    } catch (error) {
      return error instanceof ApiError && error.status === 0 ? "offline" : false;
    }
  });
}

/**
 * docs/product/entities-and-states.md: success stores the new tokens, reloads the user and marks the session
 * authenticated; failure stops the timer, removes both tokens and goes to / with
 * authRedirect set to the current path (unless already at /).
 */
export async function refreshSession(): Promise<boolean | "offline"> {
  const refreshed = await rotateTokens();
  // No answer: the session stands until the server can say otherwise.
  if (refreshed === "offline") return "offline";
  if (!refreshed) {
    stopRefreshTimer();
    storedTokens.clear();
    sessionStore.set({ restoring: false, authenticated: false, user: null });
    const here = currentPath();
    const atLogin = window.location.pathname === paths.login.path;
    navigateTo(atLogin ? here : signInPath(here), { replace: true });
    return false;
  }
  const user = await loadUser();
  return user !== null;
}

/** On start: with a stored refresh token, refresh behind the loading view, then every 5 minutes. */
export async function startSession(): Promise<void> {
  setUnauthorizedHandler(() => void logout());
  if (!hasRefreshToken()) return;
  sessionStore.set((state) => ({ ...state, restoring: true }));
  try {
    const refreshed = await refreshSession();
    if (refreshed === "offline") sessionStore.set((state) => ({ ...state, offline: true }));
    else if (refreshed) startRefreshTimer();
  } finally {
    sessionStore.set((state) => ({ ...state, restoring: false }));
  }
}

/** docs/product/entities-and-states.md: revoke the refresh token (a failure is ignored), remove both tokens, reload the page. */
export async function logout(): Promise<void> {
  stopRefreshTimer();
  const refreshToken = storedTokens.refresh();
  if (refreshToken) {
    try {
      await callEndpoint(
        revokeToken,
        { body: { token: refreshToken, client_id: getHostConfig().client_id, token_type_hint: "refresh_token" } },
        { handleErrors: false },
      );
    } catch {
      // The tokens are removed below whatever the server answered.
    }
  }
  storedTokens.clear();
  window.location.reload();
}

/** Tells the server the driver's language; failures are ignored (docs/product/entities-and-states.md). */
export async function saveLocaleOnServer(locale: Locale): Promise<void> {
  if (!sessionStore.get().authenticated) return;
  try {
    await callEndpoint(setLocale, { body: { locale } }, { handleErrors: false });
  } catch {
    // docs/product/entities-and-states.md: the language change stands even if the server did not hear about it.
  }
}
