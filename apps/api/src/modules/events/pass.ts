import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { decodeProtectedHeader, errors, exportJWK, jwtVerify, SignJWT } from "jose";
import { type AppSecrets, keyring, type PurposeKey } from "../../lib/keyring.ts";

/**
 * The event pass (docs/decisions/0031): a compact JWS signed with Ed25519, carried in the QR the
 * driver shows at the gate. A gate that keeps the public key (`GET device/event/pass-key`)
 * verifies it with no network; the API verifies it again and records the entry, which is what
 * refuses a pass used twice. The key pair is derived from APP_SECRET, so every API process
 * signs with the same key and nothing has to be stored. Passes name their key by `kid`; during an
 * APP_SECRET rotation the previous pair still verifies and gates are given both public keys.
 */

const ISSUER = "estaciona";
const AUDIENCE = "event-gate";
/** A pass stays verifiable this long after its event ends (late leavers, offline gates catching up). */
const PASS_GRACE_SECONDS = 6 * 3600;
/** PKCS#8 header of an Ed25519 private key; followed by the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export interface PassKeyPair {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface PassKeys {
  signing: PassKeyPair;
  /** The pairs a pass may be verified with now: the signing one, then the previous secret's in its window. */
  accepted(): PassKeyPair[];
}

const pairOf = ({ kid, key: seed }: PurposeKey): PassKeyPair => {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  return { kid, privateKey, publicKey: createPublicKey(privateKey) };
};

export function passKeys(secrets: AppSecrets): PassKeys {
  const ring = keyring(secrets, "event-pass");
  const pairs = new Map(ring.accepted(0).map((key) => [key.kid, pairOf(key)]));
  const pair = (key: PurposeKey): PassKeyPair => pairs.get(key.kid) ?? pairOf(key);
  return { signing: pair(ring.current), accepted: () => ring.accepted().map(pair) };
}

export interface PassClaims {
  /** The event visit. */
  visitId: string;
  eventId: string;
  plate: string;
}

export async function signPass(keys: PassKeys, claims: PassClaims, eventEndsAt: string): Promise<string> {
  return new SignJWT({ evt: claims.eventId, plt: claims.plate })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT", kid: keys.signing.kid })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.visitId)
    .setExpirationTime(Math.floor(Date.parse(eventEndsAt) / 1000) + PASS_GRACE_SECONDS)
    .sign(keys.signing.privateKey);
}

/** The key id a compact JWS names; undefined for none, and for text that is no JWS (jose throws a TypeError). */
function headerKid(pass: string): string | undefined {
  try {
    return decodeProtectedHeader(pass).kid;
  } catch {
    return undefined;
  }
}

/** The pass's claims when its signature holds and it has not expired; null for anything else. */
export async function verifyPass(keys: PassKeys, pass: string): Promise<PassClaims | null> {
  try {
    // A pass signed before passes carried a key id may still sit on a phone for an event weeks
    // away: it is the signing key's, so it is checked with that key.
    const kid = headerKid(pass) ?? keys.signing.kid;
    const pair = keys.accepted().find((candidate) => candidate.kid === kid);
    if (!pair) return null;
    const { payload } = await jwtVerify(pass, pair.publicKey, {
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

async function publicJwk(pair: PassKeyPair): Promise<Record<string, string>> {
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: pair.kid };
  return Object.fromEntries(Object.entries(jwk).filter(([, value]) => typeof value === "string")) as Record<
    string,
    string
  >;
}

/**
 * The public keys as JWKs, for gates that verify passes offline: `jwk` signs new passes, `keys`
 * holds every key a pass may carry now (both during an APP_SECRET rotation), each with its `kid`.
 */
export async function publicPassKey(
  keys: PassKeys,
): Promise<{ alg: "EdDSA"; jwk: Record<string, string>; keys: Record<string, string>[] }> {
  return {
    alg: "EdDSA",
    jwk: await publicJwk(keys.signing),
    keys: await Promise.all(keys.accepted().map(publicJwk)),
  };
}
