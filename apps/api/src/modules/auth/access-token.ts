import { createSecretKey, type KeyObject } from "node:crypto";
import { TOKEN_LIFETIMES } from "@estaciona/contracts";
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import type { Keyring } from "../../lib/keyring.ts";

const ISSUER = "estaciona";
const AUDIENCE = "estaciona-api";
/** Verified tokens remembered at most; a driver's token is reused for every call of its 10 minutes. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Short-lived signed access tokens (10 minutes, HS256, audience-bound: research/reliability.md TOK-5).
 * Each names its key by `kid`, so during an APP_SECRET rotation tokens signed before it still verify.
 */
export function createAccessTokens(keys: Keyring) {
  // KeyObjects once, rather than raw bytes that jose imports again on every sign and verify.
  const keyObjects = new Map<string, KeyObject>();
  const keyObject = (kid: string, raw: Buffer): KeyObject => {
    const known = keyObjects.get(kid);
    if (known) return known;
    const key = createSecretKey(raw);
    keyObjects.set(kid, key);
    return key;
  };
  const signingKey = keyObject(keys.current.kid, keys.current.key);
  /**
   * The accepted key a token names. A token without a key id predates key ids (the SPA logs out on
   * a 401, so those live 10 minutes after the deploy): it is the current key's.
   */
  const verifyingKey = (token: string): KeyObject | undefined => {
    const named = keys.byKid(decodeProtectedHeader(token).kid ?? keys.current.kid);
    return named && keyObject(named.kid, named.key);
  };
  // The signature check is the dearest step of an authenticated call (~0.1 ms through WebCrypto).
  // A token that verified once is remembered until it expires, keyed by the whole token, so only
  // that exact token hits; the session and the user are still checked on every call (authenticate).
  const verified = new Map<string, { userId: string; sessionId: string; expiresAtMs: number }>();
  return {
    async issue(userId: string, sessionId: string): Promise<string> {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: keys.current.kid })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + TOKEN_LIFETIMES.accessTokenSeconds)
        .sign(signingKey);
    },
    /** The user and session a token names, or undefined when it is forged, expired or not ours. */
    async verify(token: string): Promise<{ userId: string; sessionId: string } | undefined> {
      const remembered = verified.get(token);
      if (remembered && remembered.expiresAtMs > Date.now())
        return { userId: remembered.userId, sessionId: remembered.sessionId };
      if (remembered) verified.delete(token);
      try {
        const key = verifyingKey(token);
        if (!key) return undefined;
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          typ: "at+jwt",
          currentDate: new Date(Date.now()),
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number")
          return undefined;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value ?? "");
        verified.set(token, { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 });
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
