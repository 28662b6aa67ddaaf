import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deriveKey, type KeyPurpose, sha256 } from "./crypto.ts";

/**
 * APP_SECRET and, during a rotation, the secret it replaced (docs/operations.md "Rotating
 * APP_SECRET", decision 0185). Everything signed or keyed from the secret names its key by a key
 * id, so a verifier picks the right one; the previous secret is accepted until `previousUntil` and
 * never signs anything new.
 */
export interface AppSecrets {
  secret: string;
  previousSecret?: { secret: string; until: Date } | undefined;
}

export interface PurposeKey {
  /** Names the key without revealing it: tokens carry it in their header. */
  kid: string;
  key: Buffer;
}

export interface Keyring {
  /** The key that signs and keys everything new. */
  current: PurposeKey;
  /** The keys a verifier accepts now: the current one first, then the previous until its window ends. */
  accepted(now?: number): PurposeKey[];
  /** The accepted key a token's header names; undefined for a key id that is not (or no longer) ours. */
  byKid(kid: string, now?: number): PurposeKey | undefined;
}

const purposeKey = (secret: string, purpose: KeyPurpose): PurposeKey => {
  const key = deriveKey(secret, purpose);
  return { key, kid: sha256(key.toString("base64url")).slice(0, 12) };
};

export function keyring(secrets: AppSecrets, purpose: KeyPurpose): Keyring {
  const current = purposeKey(secrets.secret, purpose);
  const previous = secrets.previousSecret && {
    ...purposeKey(secrets.previousSecret.secret, purpose),
    untilMs: secrets.previousSecret.until.getTime(),
  };
  const accepted = (now = Date.now()): PurposeKey[] =>
    previous && now < previous.untilMs ? [current, { kid: previous.kid, key: previous.key }] : [current];
  return {
    current,
    accepted,
    byKid: (kid, now) => accepted(now).find((candidate) => candidate.kid === kid),
  };
}

/** Outside production a missing APP_SECRET is generated once and kept in the data folder, so sessions survive restarts. */
export function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
