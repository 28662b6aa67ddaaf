import type { SignCheck } from "@estaciona/contracts/schemas/verification";

/**
 * What the app's scanner does with a code it read (issue 26 item 7, docs/decisions/0311): it opens
 * only a link the API called `verified` — one of our hosts' place links signed by the place's own
 * organisation — and says plainly why it opens nothing else. The API is the one judge of which hosts
 * are ours and whose signature fits; this only turns its answer into where to go.
 */
export type ScanOutcome =
  | { kind: "open"; operator: string; place: string; target: { path: string } | { href: string } }
  | { kind: "foreign"; where: string | null }
  | { kind: "unsigned" }
  | { kind: "forged" };

/** The link a code holds, when it is one a browser would open (http or https); else null. */
function webLink(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Where a verified sign opens: inside the app when it is on this very host (no reload, the session
 * kept), else the full address, since another of our hosts has its own theme, rules and session.
 */
function targetOf(url: URL, currentOrigin: string): { path: string } | { href: string } {
  return url.origin === currentOrigin ? { path: `${url.pathname}${url.search}` } : { href: url.href };
}

/**
 * The scanner's verdict on `text` from the API's check. A `verified` answer for text that is not a
 * web link cannot happen; it is treated as foreign rather than trusted.
 */
export function scanOutcome(text: string, check: SignCheck, currentOrigin: string): ScanOutcome {
  const url = webLink(text);
  if (check.status === "verified" && url && check.operator && check.place)
    return { kind: "open", operator: check.operator, place: check.place, target: targetOf(url, currentOrigin) };
  if (check.status === "forged") return { kind: "forged" };
  if (check.status === "unsigned") return { kind: "unsigned" };
  // A foreign link is named by the host it really reaches (past any `ours@` disguise), never opened nor linked.
  return { kind: "foreign", where: url ? url.hostname : null };
}
