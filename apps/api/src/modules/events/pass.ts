import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { errors, exportJWK, jwtVerify, SignJWT } from "jose";
import { deriveKey } from "../../lib/crypto.ts";

/**
 * The event pass (docs/decisions/0031): a compact JWS signed with Ed25519, carried in the QR the
 * driver shows at the gate. A gate that keeps the public key (`GET device/event/pass-key`)
 * verifies it with no network; the API verifies it again and records the entry, which is what
 * refuses a pass used twice. The key pair is derived from APP_SECRET, so every API process
 * signs with the same key and nothing has to be stored.
 */

const ISSUER = "estaciona";
const AUDIENCE = "event-gate";
/** A pass stays verifiable this long after its event ends (late leavers, offline gates catching up). */
const PASS_GRACE_SECONDS = 6 * 3600;
/** PKCS#8 header of an Ed25519 private key; followed by the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export interface PassKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function passKeys(secret: string): PassKeys {
  const seed = deriveKey(secret, "event-pass");
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export interface PassClaims {
  /** The event visit. */
  visitId: string;
  eventId: string;
  plate: string;
}

export async function signPass(keys: PassKeys, claims: PassClaims, eventEndsAt: string): Promise<string> {
  return new SignJWT({ evt: claims.eventId, plt: claims.plate })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.visitId)
    .setExpirationTime(Math.floor(Date.parse(eventEndsAt) / 1000) + PASS_GRACE_SECONDS)
    .sign(keys.privateKey);
}

/** The pass's claims when its signature holds and it has not expired; null for anything else. */
export async function verifyPass(keys: PassKeys, pass: string): Promise<PassClaims | null> {
  try {
    const { payload } = await jwtVerify(pass, keys.publicKey, {
      algorithms: ["EdDSA"],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== "string" || typeof payload.evt !== "string" || typeof payload.plt !== "string")
      return null;
    return { visitId: payload.sub, eventId: payload.evt, plate: payload.plt };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The public key as a JWK, for gates that verify passes offline. */
export async function publicPassKey(keys: PassKeys): Promise<{ alg: "EdDSA"; jwk: Record<string, string> }> {
  const jwk = await exportJWK(keys.publicKey);
  return {
    alg: "EdDSA",
    jwk: Object.fromEntries(Object.entries(jwk).filter(([, value]) => typeof value === "string")) as Record<
      string,
      string
    >,
  };
}
