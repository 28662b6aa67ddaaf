import { operator as en } from "@estaciona/i18n/locales/en/operator";
import { operator as es } from "@estaciona/i18n/locales/es/operator";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { i18n, registerNamespaces } from "../../../lib/i18n.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { creditNote } from "../../../testing/credit-note.ts";
import { CreditNotes } from "./credit-notes.tsx";
import { GlobalInvoiceSettings } from "./global-invoice-settings.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../lib/catalogue.ts", () => ({}));
vi.mock("../../../lib/notify.ts", () => ({ notifySuccess: vi.fn() }));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("operator", { en, es });
});
afterEach(() => vi.unstubAllGlobals());

const note = creditNote;

describe("The console's credit notes", () => {
  it("shows each note in words and money, offers its files once issued and a retry only on a failed one", async () => {
    const failed = note({ uuid: "0f5c1a52-0000-4000-8000-0000000000f1", folio: 4, status: "failed", issued_at: null });
    const api = mockApi({
      "GET admin/invoices/credit-notes": () => ({ body: { data: [failed, note({})] } }),
      [`POST admin/invoice/credit-note/${failed.uuid}/retry`]: () => ({
        body: { data: { ...failed, status: "issuing" } },
      }),
    });
    const { container } = renderWithProviders(<CreditNotes />);
    const [first, second] = await screen.findAllByRole("listitem");
    if (!first || !second) throw new Error("two notes expected");
    expect(first).toHaveTextContent("Credit note NC-4");
    expect(first).toHaveTextContent("$10.00 MXN refunded · Corrects invoice EST-12");
    expect(first).toHaveTextContent("Not issued: the provider refused it or did not answer");
    expect(within(first).queryByRole("button", { name: /PDF/ })).toBeNull();
    expect(second).toHaveTextContent("Issued");
    expect(within(second).getByRole("button", { name: "PDF Credit note NC-3" })).toBeEnabled();
    const blocked = within(second).getByRole("button", { name: "Retry" });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription("Only a credit note the provider did not issue can be sent again.");
    // No id nor cents reach the reader.
    expect(container.textContent).not.toMatch(/0f5c1a52|1000/);

    await userEvent.click(within(first).getByRole("button", { name: "Retry" }));
    await vi.waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Credit note sent to the provider again"));
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain(
      `POST admin/invoice/credit-note/${failed.uuid}/retry`,
    );
  });

  it("explains each periodicity in Spanish and saves the chosen one", async () => {
    await i18n.changeLanguage("es");
    try {
      const api = mockApi({
        "GET admin/invoices/global/settings": () => ({ body: { data: { periodicity: "monthly" } } }),
        "PUT admin/invoices/global/settings": (call) => ({ body: { data: call.body } }),
      });
      renderWithProviders(<GlobalInvoiceSettings />);
      const select = await screen.findByRole("combobox", { name: "Periodicidad" });
      expect(select).toHaveAccessibleDescription(/Una factura global por mes de calendario/);
      await userEvent.selectOptions(select, "Semanal");
      expect(select).toHaveAccessibleDescription(
        /por semana \(de lunes a domingo; .*El cambio aplica desde el siguiente periodo/,
      );
      await userEvent.click(screen.getByRole("button", { name: "Guardar periodicidad" }));
      await vi.waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Periodicidad guardada"));
      expect(api.calls.find((call) => call.method === "PUT")?.body).toEqual({ periodicity: "weekly" });
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
