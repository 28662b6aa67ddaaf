import type { SignCheck } from "@estaciona/contracts/schemas/verification";
import type { Executor } from "../../db/database.ts";
import type { PlaceSigner } from "../../lib/place-sign.ts";
import { hostnameOf, isOurHostname } from "../hosts/service.ts";
import { findLocationWithOperator } from "../parking/locations/service.ts";

/**
 * Signs that cannot be faked (issue 26 item 7, docs/decisions/0287): what a driver's scanner read,
 * or the address a landing was opened with, judged as one of our place signs. Only the text is
 * read: no address is ever fetched. A sign names its place by `/loc/{uuid}` on one of our hosts and
 * carries its organisation's signature in `s`.
 */

const PLACE_PATH = /^\/loc\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

const answer = (status: SignCheck["status"]): SignCheck => ({ status, operator: null, place: null });

function parseLink(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

export async function checkSign(
  deps: { db: Executor; config: { publicUrl: string } },
  signer: PlaceSigner,
  text: string,
): Promise<SignCheck> {
  const url = parseLink(text);
  // Credentials in a link (`https://ours@evil.example`) are a classic disguise: never ours.
  if (!url || url.username || url.password || !(await isOurHostname(deps, hostnameOf(url.host))))
    return answer("foreign");
  const signature = url.searchParams.get("s");
  const locationId = PLACE_PATH.exec(url.pathname)?.[1]?.toLowerCase();
  if (!locationId || !signature) return answer("unsigned");
  const location = await findLocationWithOperator(deps.db, locationId);
  if (!location || !signer.holds(location.organisation_id, location.id, signature)) return answer("forged");
  return { status: "verified", operator: location.operator_name, place: location.name };
}
