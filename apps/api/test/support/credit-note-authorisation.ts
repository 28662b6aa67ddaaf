/**
 * The authorisation matrix's entries for the global invoice's settings and the credit notes
 * (docs/decisions/0308, 0309): they need nothing of the world but the owner's organisation.
 */

import type { MatrixEntry } from "./authorisation-matrix.ts";

/** A credit note id no world holds. */
const NO_CREDIT_NOTE = "0d6f3c1e-2222-4000-8000-000000000308";

export const invoicingSettingsAndCreditNotes: Record<string, MatrixEntry> = {
  "GET /admin/invoices/global/settings": {
    request: () => ({ method: "GET", url: "/api/admin/invoices/global/settings" }),
    owner: 200,
    foreign: "absent",
  },
  // Another organisation has no invoice issuer to set.
  "PUT /admin/invoices/global/settings": {
    request: () => ({
      method: "PUT",
      url: "/api/admin/invoices/global/settings",
      payload: { periodicity: "monthly" },
    }),
    owner: 200,
    foreign: "not_found",
  },
  "GET /admin/invoices/credit-notes": {
    request: () => ({ method: "GET", url: "/api/admin/invoices/credit-notes" }),
    owner: 200,
    foreign: "absent",
  },
  // No credit note in this world: the owner reaches the lookup, which finds none (credit-notes.test.ts serves them).
  ...Object.fromEntries(
    (["POST retry", "GET xml", "GET pdf"] as const).map((call) => {
      const [method, action] = call.split(" ") as ["GET" | "POST", string];
      const url = `/api/admin/invoice/credit-note/${NO_CREDIT_NOTE}/${action}`;
      return [
        `${method} /admin/invoice/credit-note/:uuid/${action}`,
        { request: () => ({ method, url }), owner: 404, foreign: "not_found" as const },
      ];
    }),
  ),
};
