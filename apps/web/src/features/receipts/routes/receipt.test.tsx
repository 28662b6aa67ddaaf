import type { Receipt } from "@estaciona/contracts/schemas/receipts";
import { verification as enVerification } from "@estaciona/i18n/locales/en/verification";
import { verification as esVerification } from "@estaciona/i18n/locales/es/verification";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { i18n, registerNamespaces } from "../../../lib/i18n.ts";
import ReceiptScreen from "./receipt.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../verification/lib/catalogue.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("verification", { en: enVerification, es: esVerification });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

const PAYMENT = "0c1d2e3f-0000-4000-8000-000000000001";
const valetReceipt: Receipt = {
  payment_uuid: PAYMENT,
  no_charge: false,
  number: "R-0C1D2E3F00",
  title: "Valet · #A17 · Restaurante Pangea",
  line: "Valet · Pangea · Nov 27",
  product: { kind: "valet_ticket", uuid: "9a1b2c3d-0000-4000-8000-000000000001" },
  issued_at: "2026-11-27T20:15:00.000Z",
  operator: { name: "Estaciona Monterrey", contact_email: "hola@example.com", contact_phone: null },
  location: { name: "Pangea", address: "Av. San Pedro 1", time_zone: "America/Monterrey" },
  plate: "ABC123X",
  starts_at: "2026-11-27T18:00:00.000Z",
  ends_at: "2026-11-27T20:15:00.000Z",
  amounts: { subtotal: 6000, convenience_fee: 500, processing_fee: 189, tax: 1070, total: 9759, currency: "mxn" },
  discount: 0,
  tip: 2000,
  tax_rate_bp: 1600,
  card: { brand: "visa", last4: "4242", wallet: null },
  rail: null,
  invoiceable: true,
};

/** The receipt's proof (docs/decisions/0200): its token and no dispute yet. */
const PROOF_ROUTES = {
  [`GET user/receipt/${PAYMENT}/proof`]: () => ({
    body: { data: { token: "AbCdEfGhIjKlMnOpQrStUvWxYz012345", expires_at: "2027-12-27T20:15:00.000Z" } },
  }),
  [`GET user/receipt/${PAYMENT}/dispute`]: () => ({ body: { data: null } }),
};

const renderReceipt = () =>
  renderWithProviders(
    <Routes>
      <Route path="/recibo/:uuid" element={<ReceiptScreen />} />
    </Routes>,
    undefined,
    `/recibo/${PAYMENT}`,
  );

describe("the receipt screen", () => {
  it("shows the product, plate, times on the lot's clock, the breakdown with the tip and the payment reference", async () => {
    mockApi({ ...PROOF_ROUTES, [`GET user/receipt/${PAYMENT}`]: () => ({ body: { data: valetReceipt } }) });
    renderReceipt();
    const receipt = await screen.findByRole("article");
    expect(within(receipt).getByText("Valet · #A17 · Restaurante Pangea")).toBeInTheDocument();
    expect(within(receipt).getByText("ABC123X")).toBeInTheDocument();
    expect(within(receipt).getByText(PAYMENT)).toBeInTheDocument();
    // 18:00 UTC is noon in Monterrey.
    expect(within(receipt).getByText(/12:00/)).toBeInTheDocument();
    const line = (name: string) => within(receipt).getByRole("row", { name: new RegExp(`^${name}`) });
    expect(within(line("Convenience fee")).getByRole("cell")).toHaveTextContent("$5.00 MXN");
    expect(within(line("Tip")).getByRole("cell")).toHaveTextContent("$20.00 MXN");
    expect(screen.getByTestId("receipt-total")).toHaveTextContent("$97.59 MXN");
    // The billing screen is Spanish only (docs/product/screens-and-routes.md): no invoice link in English.
    expect(screen.queryByRole("link", { name: "Request invoice" })).not.toBeInTheDocument();
    // The proof anyone can check, and "I got a ticket".
    expect(await screen.findByRole("img", { name: "QR code to check receipt R-0C1D2E3F00" })).toBeInTheDocument();
    expect(screen.getByTestId("proof-link")).toHaveAttribute("href", "/verificar/AbCdEfGhIjKlMnOpQrStUvWxYz012345");
    expect(await screen.findByRole("button", { name: "I got a ticket" })).toBeInTheDocument();
  });

  it("downloads the PDF and, in Spanish on a Mexican lot, offers to request the invoice", async () => {
    await i18n.changeLanguage("es");
    const api = mockApi({
      ...PROOF_ROUTES,
      [`GET user/receipt/${PAYMENT}`]: () => ({ body: { data: valetReceipt } }),
      [`GET user/receipt/${PAYMENT}/pdf`]: () => ({
        body: { data: { filename: "R-0C1D2E3F00.pdf", content_type: "application/pdf", base64: "JVBERi0=" } },
      }),
    });
    const createObjectURL = vi.fn(() => "blob:receipt");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderReceipt();
    expect(await screen.findByRole("link", { name: "Solicitar factura" })).toHaveAttribute("href", "/facturacion");
    await userEvent.click(screen.getByRole("button", { name: "Descargar PDF" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls.map((call) => call.url)).toContain(`user/receipt/${PAYMENT}/pdf`);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe("application/pdf");
  });

  it("reads a stay that cost nothing as a zero receipt: Sin costo, no reference, no invoice (docs/decisions/0186)", async () => {
    await i18n.changeLanguage("es");
    const free: Receipt = {
      ...valetReceipt,
      no_charge: true,
      number: "E-0C1D2E3F00",
      title: "Estancia · Fundidora",
      product: { kind: "visit", uuid: PAYMENT },
      amounts: { subtotal: 0, convenience_fee: 0, processing_fee: 0, tax: 0, total: 0, currency: "mxn" },
      tip: 0,
      card: null,
      invoiceable: false,
    };
    mockApi({ [`GET user/receipt/${PAYMENT}`]: () => ({ body: { data: free } }) });
    renderReceipt();
    expect(await screen.findByTestId("receipt-total")).toHaveTextContent("Sin costo");
    expect(screen.getByText(/no se hizo ningún cargo/)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Solicitar factura" })).not.toBeInTheDocument();
  });
});
