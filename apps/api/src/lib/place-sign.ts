import { createHmac } from "node:crypto";
import { sameSecret } from "./crypto.ts";
import { type AppSecrets, keyring, type PurposeKey } from "./keyring.ts";

/**
 * The signature a lot's or meter zone's printed QR carries (`/loc/{uuid}?s=…`, docs/decisions/0287):
 * `<kid>.<mac>`, an HMAC of the location's id under its organisation's own key. Each organisation's
 * key is derived from the place-sign key of APP_SECRET's keyring and the organisation's id, so
 * nothing is stored, no organisation's signature fits another's places, and during an APP_SECRET
 * rotation a sign printed before it still checks until the previous secret's window ends.
 * Signs have no expiry: a sticker on a post lasts years, and a copied sign points to the same place.
 */

/** 128 bits of the HMAC: the QR stays small enough to scan from across a pavement. */
const MAC_CHARS = 22;

export interface PlaceSigner {
  /** The signature of one location of one organisation, with the current key. */
  sign(organisationId: string, locationId: string): string;
  /** Whether a signature is this organisation's for this location, under any key accepted now. */
  holds(organisationId: string, locationId: string, signature: string): boolean;
}

const organisationKey = (purpose: PurposeKey, organisationId: string): Buffer =>
  createHmac("sha256", purpose.key).update(`organisation\n${organisationId}`).digest();

const mac = (purpose: PurposeKey, organisationId: string, locationId: string): string =>
  createHmac("sha256", organisationKey(purpose, organisationId))
    .update(`location\n${locationId}`)
    .digest("base64url")
    .slice(0, MAC_CHARS);

export function placeSigner(secrets: AppSecrets): PlaceSigner {
  const ring = keyring(secrets, "place-sign");
  return {
    sign: (organisationId, locationId) => `${ring.current.kid}.${mac(ring.current, organisationId, locationId)}`,
    holds: (organisationId, locationId, signature) => {
      const [kid = "", given = ""] = signature.split(".");
      const key = ring.byKid(kid);
      return key !== undefined && sameSecret(mac(key, organisationId, locationId), given);
    },
  };
}
