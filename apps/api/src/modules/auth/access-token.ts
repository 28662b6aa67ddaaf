import { TOKEN_LIFETIMES } from "@estaciona/contracts";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "estaciona";
const AUDIENCE = "estaciona-api";

/** Short-lived signed access tokens (10 minutes, HS256, audience-bound: research/reliability.md TOK-5). */
export function createAccessTokens(key: Uint8Array) {
  return {
    async issue(userId: string, sessionId: string): Promise<string> {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + TOKEN_LIFETIMES.accessTokenSeconds)
        .sign(key);
    },
    /** The user and session a token names, or undefined when it is forged, expired or not ours. */
    async verify(token: string): Promise<{ userId: string; sessionId: string } | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          typ: "at+jwt",
          currentDate: new Date(Date.now()),
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return undefined;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
