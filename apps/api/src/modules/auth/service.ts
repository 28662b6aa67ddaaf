import { type Domain, type Locale, SIGN_IN_LIMITS, TOKEN_LIFETIMES } from "@estaciona/contracts";
import type { CODE_CHANNELS, CodeDeliveryAnswer, TokenAnswer } from "@estaciona/contracts/schemas/auth";
import { translate } from "@estaciona/i18n";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { type Executor, lockName } from "../../db/database.ts";
import { codeHmac, codeMatches, newCode, newOpaqueToken, sameSecret, sha256 } from "../../lib/crypto.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { keyring } from "../../lib/keyring.ts";
import { requireTextablePhone } from "../../lib/phones.ts";
import { isoAfter, isoBefore, nowIso, secondsUntil } from "../../lib/time.ts";
import { deliveryStateOf } from "../messaging/delivery.ts";
import { messageKey, sendOnce } from "../messaging/outbox.ts";
import { ProviderError } from "../messaging/providers.ts";
import { removePushSubscriptionsOfSession, revokeExtendLinksOfUser } from "../reminders/index.ts";
import { findActiveUserByPhone, findUserById } from "../users/repository.ts";
import {
  codeSendTimesToPhoneSince,
  codesSentFromIpSince,
  consumeLoginCode,
  findOAuthClient,
  findRefreshTokenWithSession,
  findSession,
  insertLoginCode,
  insertRefreshToken,
  insertSession,
  insertUserUnlessPhoneTaken,
  markRefreshTokenUsed,
  newestLoginCode,
  recordWrongTry,
  revokeSession,
  setSignInFailures,
} from "./repository.ts";

/** What the sign-in functions need from the app: storage, configuration, providers, token signing, a logger. */
export type AuthContext = Pick<FastifyInstance, "db" | "config" | "providers" | "accessTokens"> & {
  log: FastifyBaseLogger;
};

type CodeChannel = (typeof CODE_CHANNELS)[number];

const ONE_HOUR_SECONDS = 3600;
/** The code is bound to the phone and to what it is for, so it cannot serve another purpose (ASVS 6.6.2). */
const loginPurpose = (phone: string) => `login:${phone}`;
/** Logs name the phone by its last digits only: enough to follow one driver's attempts, not to collect numbers. */
const maskPhone = (phone: string) => `…${phone.slice(-4)}`;

/**
 * `open/user`: registers the phone if it is new and sends it a fresh code. Known and unknown
 * phones get the same answer (ASVS 6.3.8); a suspended driver is refused only at the token step,
 * so this answer never tells whether a phone is suspended either. Limits (docs/product/sign-in-and-sessions.md): per IP per
 * hour, resend cooldown, sends per phone per window, each counted and recorded under a lock (the
 * IP's name, then the phone's account row), so parallel requests never pass a cap
 * (docs/decisions/0013). Answers the code only when the SMS provider is the sandbox (docs/product/calls-and-errors.md, the
 * app pre-fills it).
 */
export async function requestSignInCode(
  context: AuthContext,
  input: { phone: string; domain: Domain; ip: string; locale: Locale; channel?: CodeChannel },
): Promise<{ code: string | null }> {
  const { db, config } = context;
  requireTextablePhone(input.phone);
  const now = Date.now();

  const code = newCode();
  const codeId = newId();
  await db.transaction().execute(async (tx) => {
    await lockName(tx, `sign-in-ip:${input.ip}`);
    const fromIp = await codesSentFromIpSince(tx, input.ip, isoBefore(ONE_HOUR_SECONDS, now));
    if (fromIp.count >= config.limits.signInPerIpPerHour && fromIp.oldest) {
      context.log.warn({ ip: input.ip }, "sign-in code refused: IP over its hourly cap");
      throw tooManyRequests(ONE_HOUR_SECONDS + secondsUntil(fromIp.oldest));
    }

    const createdAt = new Date(now).toISOString();
    await insertUserUnlessPhoneTaken(tx, {
      id: newId(),
      phone: input.phone,
      registered_domain: input.domain,
      locale: input.locale,
      role: "driver",
      status: "active",
      payment_methods_mx: 0,
      payment_methods_us: 0,
      sign_in_failures: 0,
      created_at: createdAt,
      updated_at: createdAt,
    });
    const user = await findActiveUserByPhone(tx, input.phone, { lock: true });
    if (!user) throw new Error("The phone's account vanished between insert and select");

    const recentSends = await codeSendTimesToPhoneSince(
      tx,
      input.phone,
      isoBefore(SIGN_IN_LIMITS.sendWindowSeconds, now),
    );
    const newest = recentSends[0];
    // A code the provider said never arrived lifts the cooldown for the driver's other channel;
    // the send still counts towards the window's cap and the IP's (docs/decisions/0244).
    if (newest && !(input.channel && (await newestCodeUndelivered(tx, input.phone)))) {
      const cooldownLeft = SIGN_IN_LIMITS.resendCooldownSeconds + secondsUntil(newest);
      if (cooldownLeft > 0) throw tooManyRequests(cooldownLeft);
    }
    const oldest = recentSends.at(-1);
    if (recentSends.length >= SIGN_IN_LIMITS.maxSendsPerPhone && oldest)
      throw tooManyRequests(SIGN_IN_LIMITS.sendWindowSeconds + secondsUntil(oldest));

    await insertLoginCode(tx, {
      id: codeId,
      phone: input.phone,
      code_hmac: codeHmac(keyring(config, "code-hmac").current.key, code, loginPurpose(input.phone)),
      ip: input.ip,
      created_at: createdAt,
      expires_at: isoAfter(SIGN_IN_LIMITS.codeTtlSeconds, now),
      wrong_tries: 0,
    });
  });

  // Sent after the commit so no lock is held during the provider call. A failed send still
  // counts against the limits: retrying at once would only hammer a provider that is down.
  const sms = context.providers.sms;
  const body = translate(input.locale, "messages.sign_in_code", {
    code,
    count: SIGN_IN_LIMITS.codeTtlSeconds / 60,
  });
  if (!body) throw new Error("messages.sign_in_code is missing from the catalogue");
  try {
    await sendOnce(context, messageKey("sign_in_code", codeId), {
      to: input.phone,
      body,
      // A channel with no sender configured is not offered (codeChannels): the configured one goes instead.
      channel: input.channel && codeChannels(config).includes(input.channel) ? input.channel : config.sms.channel,
      sensitive: code,
      // WhatsApp's authentication templates take the code as their one variable (docs/decisions/0161).
      template: { name: "sign_in_code", locale: input.locale, variables: [code] },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    context.log.error({ err: error, to: maskPhone(input.phone) }, "sign-in code could not be sent");
    throw new AppError("action_not_available", { status: 503, messageKey: "errors.server_error", cause: error });
  }
  context.log.info({ to: maskPhone(input.phone), provider: sms.name }, "sign-in code sent");
  // The sandbox hands the code back, unless it played an undelivered message (decision 0295).
  const delivered = sms.returnsCodeToCaller && !(await newestCodeUndelivered(context.db, input.phone));
  return { code: delivered ? code : null };
}

/** The channels a code can go by: the sandbox keeps both; Twilio those with a sender configured. */
function codeChannels(config: AuthContext["config"]): CodeChannel[] {
  if (config.sms.provider !== "twilio") return ["sms", "whatsapp"];
  const { from, whatsappFrom, messagingServiceSid } = config.sms.twilio;
  return [...(from || messagingServiceSid ? (["sms"] as const) : []), ...(whatsappFrom ? (["whatsapp"] as const) : [])];
}

async function newestCodeUndelivered(db: Executor, phone: string): Promise<boolean> {
  const newest = await newestLoginCode(db, phone);
  return newest !== undefined && (await deliveryStateOf(db, messageKey("sign_in_code", newest.id))) === "undelivered";
}

/**
 * `open/user/code-delivery`: what became of the newest code to the phone, told only to the address
 * that asked for it while it is alive (anyone else learns nothing: `sent`), so the app can offer the
 * other channel when the provider says it did not arrive (docs/decisions/0244).
 */
export async function signInCodeDelivery(
  context: Pick<AuthContext, "db" | "config">,
  input: { phone: string; ip: string },
): Promise<CodeDeliveryAnswer> {
  const channels = codeChannels(context.config);
  const newest = await newestLoginCode(context.db, input.phone);
  if (!newest || newest.ip !== input.ip || newest.expires_at <= nowIso()) return { state: "sent", channels };
  return { state: await deliveryStateOf(context.db, messageKey("sign_in_code", newest.id)), channels };
}

/** The client must be registered; a public client (the SPA) carries a secret that is not checked (docs/product/sign-in-and-sessions.md). */
async function checkClient(context: AuthContext, clientId: string, clientSecret: string | undefined): Promise<void> {
  const client = await findOAuthClient(context.db, clientId);
  const accepted = client && (client.is_public === 1 || sameSecret(clientSecret ?? "", client.client_secret));
  if (!accepted) throw new AppError("invalid_client", { status: 401 });
}

/** The pause after the 10th consecutive failure and each one after it: 30 s doubling up to 1 h (NIST 800-63B-4 §3.2.2). */
export function pauseSecondsAfter(consecutiveFailures: number): number | null {
  const beyond = consecutiveFailures - SIGN_IN_LIMITS.failuresBeforePause;
  if (beyond < 0) return null;
  return Math.min(SIGN_IN_LIMITS.firstPauseSeconds * 2 ** Math.min(beyond, 20), SIGN_IN_LIMITS.maxPauseSeconds);
}

type CodeCheck =
  | { outcome: "signed_in"; userId: string; sessionId: string; refreshToken: string }
  | { outcome: "paused"; retryAfterSeconds: number }
  | { outcome: "suspended"; userId: string }
  | { outcome: "failed"; reason: string; failures: number };

/**
 * Grant `sms`: the phone's newest code, unexpired, unused, with fewer than 5 wrong tries. Every
 * failure counts on the phone's consecutive-failure counter, which a resend does not reset
 * (NIST 800-63B-4 §3.1.3.2); from the 10th, sign-in pauses. The counters are written in the
 * transaction and the refusal is thrown after it commits, so a failure is never rolled back.
 */
export async function signInWithCode(
  context: AuthContext,
  input: { clientId: string; clientSecret?: string; phone: string; code: string },
): Promise<TokenAnswer> {
  await checkClient(context, input.clientId, input.clientSecret);
  const keys = keyring(context.config, "code-hmac")
    .accepted()
    .map(({ key }) => key);

  const check = await context.db.transaction().execute(async (tx): Promise<CodeCheck> => {
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const user = await findActiveUserByPhone(tx, input.phone, { lock: true });
    // No account means no code was ever sent: the same refusal as a wrong code.
    if (!user) return { outcome: "failed", reason: "unknown phone", failures: 0 };

    if (user.sign_in_paused_until && user.sign_in_paused_until > now)
      return { outcome: "paused", retryAfterSeconds: secondsUntil(user.sign_in_paused_until) };

    const code = await newestLoginCode(tx, input.phone);
    const reason = !code
      ? "no code sent"
      : code.consumed_at
        ? "code already used"
        : code.expires_at <= now
          ? "code expired"
          : code.wrong_tries >= SIGN_IN_LIMITS.maxWrongTriesPerCode
            ? "code dead after wrong tries"
            : !codeMatches(keys, input.code, loginPurpose(input.phone), code.code_hmac)
              ? "wrong code"
              : null;

    if (reason || !code || !(await consumeLoginCode(tx, code.id, now))) {
      if (code && reason === "wrong code") await recordWrongTry(tx, code.id);
      const failures = user.sign_in_failures + 1;
      const pause = pauseSecondsAfter(failures);
      await setSignInFailures(tx, user.id, failures, pause === null ? null : isoAfter(pause, nowMs));
      return { outcome: "failed", reason: reason ?? "code already used", failures };
    }

    await setSignInFailures(tx, user.id, 0, null);
    if (user.status === "suspended") return { outcome: "suspended", userId: user.id };
    const sessionId = newId();
    const refreshToken = newOpaqueToken();
    await insertSession(tx, {
      id: sessionId,
      user_id: user.id,
      client_id: input.clientId,
      created_at: now,
      expires_at: isoAfter(TOKEN_LIFETIMES.refreshFamilySeconds, nowMs),
    });
    await insertRefreshToken(tx, {
      id: newId(),
      session_id: sessionId,
      token_hash: sha256(refreshToken),
      created_at: now,
    });
    return { outcome: "signed_in", userId: user.id, sessionId, refreshToken };
  });

  const phone = maskPhone(input.phone);
  switch (check.outcome) {
    case "signed_in":
      context.log.info({ userId: check.userId, sessionId: check.sessionId, phone }, "sign-in succeeded");
      return tokenAnswer(context, check.userId, check.sessionId, check.refreshToken);
    case "paused":
      context.log.warn({ phone }, "sign-in refused: phone paused after repeated failures");
      throw tooManyRequests(check.retryAfterSeconds);
    case "suspended":
      context.log.warn({ userId: check.userId, phone }, "sign-in refused: user suspended");
      throw new AppError("user_suspended");
    case "failed":
      context.log.warn({ phone, reason: check.reason, failures: check.failures }, "sign-in failed");
      throw new AppError("invalid_grant", { messageKey: "errors.api_invalid_code" });
  }
}

type RefreshCheck =
  | { outcome: "rotated"; userId: string; sessionId: string; refreshToken: string }
  | { outcome: "reused"; sessionId: string }
  | { outcome: "suspended"; userId: string }
  | { outcome: "refused"; reason: string };

/**
 * Grant `refresh_token`: rotation with reuse detection (RFC 9700 §4.14.2, research TOK-1/TOK-4).
 * Each refresh token works once and is replaced by a new one in the same session; presenting a
 * used one ends the whole session. The session's 30-day expiry is fixed at sign-in: rotation
 * never extends it. No grace window: the SPA refreshes once across tabs (docs/decisions/0004).
 */
export async function refreshSession(
  context: AuthContext,
  input: { clientId: string; clientSecret?: string; refreshToken: string },
): Promise<TokenAnswer> {
  await checkClient(context, input.clientId, input.clientSecret);

  const check = await context.db.transaction().execute(async (tx): Promise<RefreshCheck> => {
    const now = nowIso();
    const found = await findRefreshTokenWithSession(tx, sha256(input.refreshToken), { lock: true });
    if (!found) return { outcome: "refused", reason: "unknown token" };
    if (found.client_id !== input.clientId) return { outcome: "refused", reason: "token of another client" };
    if (found.revoked_at) return { outcome: "refused", reason: "session revoked" };
    if (found.expires_at <= now) return { outcome: "refused", reason: "session expired" };
    if (found.used_at || !(await markRefreshTokenUsed(tx, found.token_id, now))) {
      await revokeSession(tx, found.session_id, "reuse", now);
      return { outcome: "reused", sessionId: found.session_id };
    }
    const user = await findUserById(tx, found.user_id);
    if (!user || user.deleted_at) return { outcome: "refused", reason: "account deleted" };
    if (user.status === "suspended") return { outcome: "suspended", userId: user.id };
    const refreshToken = newOpaqueToken();
    await insertRefreshToken(tx, {
      id: newId(),
      session_id: found.session_id,
      token_hash: sha256(refreshToken),
      created_at: now,
    });
    return { outcome: "rotated", userId: user.id, sessionId: found.session_id, refreshToken };
  });

  switch (check.outcome) {
    case "rotated":
      return tokenAnswer(context, check.userId, check.sessionId, check.refreshToken);
    case "reused":
      context.log.warn({ sessionId: check.sessionId }, "refresh token reused: session revoked");
      throw new AppError("invalid_grant", { messageKey: "errors.api_authentication_error" });
    case "suspended":
      throw new AppError("user_suspended");
    case "refused":
      context.log.info({ reason: check.reason }, "refresh refused");
      throw new AppError("invalid_grant", { messageKey: "errors.api_authentication_error" });
  }
}

/**
 * Log-out (RFC 7009): ends the session of a refresh token, or of an access token, so both stop
 * working at once. Unknown tokens change nothing; the caller answers 200 either way, so the
 * endpoint tells nobody whether a token existed.
 */
export async function revokeToken(context: AuthContext, input: { token: string; clientId?: string }): Promise<void> {
  const now = nowIso();
  const refresh = await findRefreshTokenWithSession(context.db, sha256(input.token));
  if (refresh) {
    if (input.clientId && input.clientId !== refresh.client_id) return;
    await revokeSession(context.db, refresh.session_id, "logout", now);
    // Signing out ends the driver's extend links (docs/decisions/0196) and this device's pushes (0290).
    await revokeExtendLinksOfUser(context.db, refresh.user_id);
    await removePushSubscriptionsOfSession(context.db, refresh.session_id);
    context.log.info({ sessionId: refresh.session_id }, "signed out");
    return;
  }
  const claims = await context.accessTokens.verify(input.token);
  if (!claims) return;
  const session = await findSession(context.db, claims.sessionId);
  if (!session || session.user_id !== claims.userId) return;
  if (input.clientId && input.clientId !== session.client_id) return;
  await revokeSession(context.db, session.id, "logout", now);
  await revokeExtendLinksOfUser(context.db, session.user_id);
  await removePushSubscriptionsOfSession(context.db, session.id);
  context.log.info({ sessionId: session.id }, "signed out");
}

async function tokenAnswer(
  context: AuthContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<TokenAnswer> {
  return {
    access_token: await context.accessTokens.issue(userId, sessionId),
    refresh_token: refreshToken,
    token_type: "Bearer",
    expires_in: TOKEN_LIFETIMES.accessTokenSeconds,
  };
}
