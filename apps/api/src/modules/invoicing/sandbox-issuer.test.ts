import { describe, expect, it } from "vitest";
import type { CfdiDocument } from "./cfdi.ts";
import { InvoiceProviderError } from "./provider.ts";
import { createSandboxIssuer, SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE } from "./sandbox-issuer.ts";

const document = (type: "I" | "E", postalCode: string): CfdiDocument => ({
  type,
  series: "NC",
  folio: 3,
  issuedAt: "2026-11-24T17:05:09",
  currency: "MXN",
  paymentForm: "04",
  issuer: { rfc: "EDE210101A17", name: "ESTACIONA DEMO", regime: "601", postalCode: "64000" },
  receiver: { rfc: "PEPA800101AB1", name: "ANA PÉREZ PÉREZ", regime: "612", postalCode, cfdiUse: "G02" },
  lines: [{ reference: "refund-1", description: "Devolución", base: 10000, tax: 1600, taxRateBp: 1600 }],
});
const context = (invoiceId: string) => ({ invoiceId, receiverEmail: "ana@example.com" });

describe("the sandbox's refused credit note (decision 0334)", () => {
  it("refuses a credit note to the trigger postal code once, as invalid data, and issues it when sent again", async () => {
    const issuer = createSandboxIssuer();
    const refused = issuer.issue(document("E", SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE), context("note-1"));
    await expect(refused).rejects.toBeInstanceOf(InvoiceProviderError);
    await expect(refused).rejects.toMatchObject({ retryable: false });
    const issued = await issuer.issue(document("E", SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE), context("note-1"));
    expect(issued.providerRef).toBe("sandbox_note-1");
  });

  it("issues the invoice itself and any other receiver's credit note at once", async () => {
    const issuer = createSandboxIssuer();
    await expect(
      issuer.issue(document("I", SANDBOX_REFUSED_CREDIT_NOTE_POSTAL_CODE), context("inv-1")),
    ).resolves.toMatchObject({
      stamped: false,
    });
    await expect(issuer.issue(document("E", "64000"), context("note-2"))).resolves.toMatchObject({ stamped: false });
  });
});
