import { billing as en } from "@estaciona/i18n/locales/en/billing";
import { billing as es } from "@estaciona/i18n/locales/es/billing";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { i18n, registerNamespaces } from "../../../lib/i18n.ts";
import { creditNote } from "../../../testing/credit-note.ts";
import { InvoiceHistory } from "./invoice-history.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/billing.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("billing", { en, es });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

const invoiceUuid = "0f5c1a52-0000-4000-8000-00000000000d";
const note = (over: Record<string, unknown>) => creditNote({ subtotal: 1078, tax: 172, total: 1250, ...over });
const invoice = (creditNotes: unknown[]) => ({
  uuid: invoiceUuid,
  status: "issued",
  kind: "single",
  cfdi_uuid: null,
  series: "EST",
  folio: 12,
  provider: "sandbox",
  stamped: false,
  issuer_rfc: "EDE210101A17",
  issuer_name: "ESTACIONA DEMO",
  receiver_rfc: "PEPA800101AB1",
  receiver_name: "ANA PÉREZ PÉREZ",
  cfdi_use: "G03",
  subtotal: 4310,
  tax: 690,
  total: 5000,
  currency: "mxn",
  payment_uuids: ["0f5c1a52-0000-4000-8000-00000000000b"],
  requested_at: "2026-11-20T17:00:00.000Z",
  issued_at: "2026-11-20T17:00:05.000Z",
  failure_code: null,
  cancellation_status: null,
  credit_notes: creditNotes,
});

const failed = note({ uuid: "0f5c1a52-0000-4000-8000-0000000000f1", folio: 4, status: "failed", issued_at: null });
const issuing = note({ uuid: "0f5c1a52-0000-4000-8000-0000000000f2", folio: 5, status: "issuing", issued_at: null });

describe("The driver's credit notes under an invoice", () => {
  it("shows each note's state in words and its amount as money, and files only for an issued one", async () => {
    mockApi({ "GET user/invoices": () => ({ body: { data: [invoice([note({}), failed, issuing])] } }) });
    renderWithProviders(<InvoiceHistory />);
    const row = await screen.findByText(/Invoice EST-12/);
    const item = row.closest("li");
    if (!item) throw new Error("the invoice's row expected");
    const rows = within(item);
    expect(rows.getByText(/Credit note NC-3: \$12\.50 MXN refunded/)).toHaveTextContent("Issued");
    expect(rows.getByText(/Credit note NC-4/)).toHaveTextContent("Not issued yet: the operator will send it again");
    expect(rows.getByText(/Credit note NC-5/)).toHaveTextContent("Being issued");
    expect(rows.getByRole("button", { name: "Download XML of credit note NC-3" })).toBeInTheDocument();
    expect(rows.getByRole("button", { name: "Download PDF of credit note NC-3" })).toBeInTheDocument();
    expect(rows.queryByRole("button", { name: /credit note NC-4/ })).toBeNull();
    expect(rows.queryByRole("button", { name: /credit note NC-5/ })).toBeNull();
    // Nothing raw: no cents, no currency code in lower case.
    expect(item).not.toHaveTextContent("1250");
    expect(item).not.toHaveTextContent("mxn");
  });

  it("says it in Spanish, downloads named in Spanish", async () => {
    await i18n.changeLanguage("es");
    mockApi({ "GET user/invoices": () => ({ body: { data: [invoice([note({})])] } }) });
    renderWithProviders(<InvoiceHistory />);
    expect(
      await screen.findByRole("button", {
        name: es.credit_note_download_label.replace("{{format}}", "PDF").replace("{{number}}", "NC-3"),
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/NC-3/)).toHaveTextContent(es.credit_note_status.issued);
  });
});
