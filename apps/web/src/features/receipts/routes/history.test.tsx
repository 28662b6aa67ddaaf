import type { HistoryEntry } from "@estaciona/contracts/schemas/receipts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { defaultHostConfig, setHostConfigForTesting } from "../../../lib/host-config.ts";
import { i18n } from "../../../lib/i18n.ts";
import { oxxoReference } from "../../../testing/payment-reference.ts";
import HistoryScreen from "./history.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
beforeAll(() => registerParkingCatalogues());
afterEach(async () => {
  vi.unstubAllGlobals();
  setHostConfigForTesting(defaultHostConfig("localhost"));
  await i18n.changeLanguage("en");
});

const CHARGE = "0c1d2e3f-0000-4000-8000-000000000001";
const REFUND = "0c1d2e3f-0000-4000-8000-000000000002";
const VALET = "0c1d2e3f-0000-4000-8000-000000000003";
const entry = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  payment_uuid: CHARGE,
  kind: "charge",
  receipt_uuid: CHARGE,
  line: "Event pass · Arena · Nov 27",
  paid_at: "2026-11-27T20:15:00.000Z",
  amount: 12450,
  currency: "mxn",
  tag: null,
  cfdi: null,
  ...fields,
});
const refund = entry({
  payment_uuid: REFUND,
  kind: "refund",
  line: "Refund · Event pass · Arena · Nov 28",
  amount: -5000,
  tag: "business",
});
const valet = entry({ payment_uuid: VALET, receipt_uuid: VALET, line: "Valet · Pangea · Nov 26", amount: 9759 });
const page = (items: HistoryEntry[], next: string | null = null) => ({
  body: { data: { items, next_cursor: next } },
});

describe("the receipts history", () => {
  it("reads each payment in words with its amount, a refund negative, each leading to its receipt, and pages on", async () => {
    const cursor = `2026-11-27T20:15:00.000Z|${CHARGE}`;
    const api = mockApi({
      "GET user/receipts/history": (request) =>
        request.url.includes("cursor=") ? page([valet]) : page([refund, entry({})], cursor),
    });
    renderWithProviders(<HistoryScreen />);
    const list = await screen.findByRole("list");
    expect(within(list).getByRole("link", { name: "Refund · Event pass · Arena · Nov 28" })).toHaveAttribute(
      "href",
      `/recibo/${CHARGE}`,
    );
    expect(within(list).getByText("-$50.00 MXN")).toBeInTheDocument();
    expect(within(list).getByText("$124.50 MXN")).toBeInTheDocument();
    // A refund reads its charge's tag; only a charge is tagged.
    expect(within(list).getByText("Use: Business")).toBeInTheDocument();
    expect(within(list).getAllByRole("group")).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await within(list).findByRole("link", { name: "Valet · Pangea · Nov 26" })).toHaveAttribute(
      "href",
      `/recibo/${VALET}`,
    );
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    const historyCalls = api.calls.filter((call) => call.url.startsWith("user/receipts/history"));
    const query = new URLSearchParams(historyCalls[0]?.url.split("?")[1]);
    // This month on the phone's clock, from its first midnight to the next month's.
    const from = new Date(query.get("from") ?? "");
    expect([from.getDate(), from.getHours(), from.getMonth()]).toEqual([1, 0, new Date().getMonth()]);
    expect(historyCalls[1]?.url).toContain(`cursor=${encodeURIComponent(cursor)}`);
  });

  it("tags a charge business or personal with the keyboard, saved through the tag endpoint", async () => {
    const api = mockApi({
      "GET user/receipts/history": () => page([entry({})]),
      [`PUT user/receipt/${CHARGE}/tag`]: (request) => ({
        body: { data: { payment_uuid: CHARGE, ...(request.body as object) } },
      }),
    });
    renderWithProviders(<HistoryScreen />);
    const group = await screen.findByRole("group", { name: "Use of Event pass · Arena · Nov 27" });
    const business = within(group).getByRole("radio", { name: "Business" });
    business.focus();
    await userEvent.keyboard(" ");
    expect(business).toBeChecked();
    await waitFor(() => expect(within(group).getByRole("status")).toHaveTextContent("Tag saved"));
    const put = api.calls.find((call) => call.method === "PUT");
    expect(put?.body).toEqual({ tag: "business" });
  });

  it("in Spanish: months in the screen's language, the statement's CSV and PDF of the chosen month", async () => {
    await i18n.changeLanguage("es");
    const api = mockApi({
      "GET user/receipts/history": () => page([entry({ line: "Pase de evento · Arena · 27 nov" })]),
      "GET user/receipts/statement/csv": () => ({
        body: { data: { filename: "estado.csv", content_type: "text/csv", base64: "RmVjaGE=" } },
      }),
      "GET user/receipts/statement/pdf": () => ({
        body: { data: { filename: "estado.pdf", content_type: "application/pdf", base64: "JVBERi0=" } },
      }),
    });
    const createObjectURL = vi.fn(() => "blob:statement");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<HistoryScreen />);
    const picker = await screen.findByRole("combobox", { name: "Periodo" });
    const options = within(picker).getAllByRole("option");
    expect(options).toHaveLength(15);
    const lastMonth = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1);
    const name = new Intl.DateTimeFormat("es-MX", { month: "long", year: "numeric" }).format(lastMonth);
    expect(options[1]).toHaveTextContent(new RegExp(`^${name}$`, "i"));
    await userEvent.selectOptions(picker, options[1] as HTMLOptionElement);
    await screen.findByRole("link", { name: "Pase de evento · Arena · 27 nov" });
    await userEvent.click(screen.getByRole("button", { name: "Descargar CSV" }));
    await userEvent.click(screen.getByRole("button", { name: "Descargar estado de cuenta (PDF)" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    const csvCall = api.calls.find((call) => call.url.startsWith("user/receipts/statement/csv"));
    expect(new Date(new URLSearchParams(csvCall?.url.split("?")[1]).get("from") ?? "").getMonth()).toBe(
      lastMonth.getMonth(),
    );
    expect((createObjectURL.mock.calls[1] as unknown as [Blob])[0].type).toBe("application/pdf");

    // A whole year to declare: last year's statement runs from its first midnight to this year's.
    const lastYear = new Date().getFullYear() - 1;
    await userEvent.selectOptions(picker, screen.getByRole("option", { name: `Todo ${lastYear}` }));
    await userEvent.click(screen.getByRole("button", { name: "Descargar CSV" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(3));
    const yearCall = api.calls.filter((call) => call.url.startsWith("user/receipts/statement/csv")).at(-1);
    const yearQuery = new URLSearchParams(yearCall?.url.split("?")[1]);
    expect(new Date(yearQuery.get("from") ?? "")).toEqual(new Date(lastYear, 0, 1));
    expect(new Date(yearQuery.get("to") ?? "")).toEqual(new Date(lastYear + 1, 0, 1));
  });

  it("on a Mexican host links an invoiced payment's CFDI; on a US host it does not", async () => {
    await i18n.changeLanguage("es");
    const cfdi = {
      invoice_uuid: "1a2b3c4d-0000-4000-8000-000000000009",
      cfdi_uuid: "AAAA1111-2222-3333-4444-555566667777",
    };
    mockApi({ "GET user/receipts/history": () => page([entry({ cfdi })]) });
    const { unmount } = renderWithProviders(<HistoryScreen />);
    expect(await screen.findByRole("link", { name: `Factura (CFDI): ${cfdi.cfdi_uuid}` })).toHaveAttribute(
      "href",
      "/facturacion",
    );
    unmount();
    setHostConfigForTesting({ ...defaultHostConfig("localhost"), country: "us" });
    renderWithProviders(<HistoryScreen />);
    await screen.findByRole("list");
    expect(screen.queryByRole("link", { name: /CFDI/ })).not.toBeInTheDocument();
  });

  it("lists the references still to pay above the payments, each leading to its reference, in both languages", async () => {
    // Due at 18:00 UTC: 1 p.m. on its lot's clock in Cancún, noon on the phone's in Mexico City.
    const awaiting = oxxoReference({
      payment_uuid: "0c1d2e3f-0000-4000-8000-000000000010",
      amount: 95120,
      number: "93000012345678",
      expires_at: "2026-11-28T18:00:00.000Z",
      time_zone: "America/Cancun",
      description: "Fundidora · Mensual · ABC123",
    });
    mockApi({
      "GET user/receipts/history": () => page([entry({})]),
      "GET user/references": () => ({ body: { data: [awaiting] } }),
    });
    const { unmount } = renderWithProviders(<HistoryScreen />);
    const section = await screen.findByRole("region", { name: "Waiting for your payment" });
    expect(within(section).getByRole("link", { name: "Subscription" })).toHaveAttribute(
      "href",
      `/referencia/${awaiting.payment_uuid}`,
    );
    expect(within(section).getByText("$951.20 MXN")).toBeInTheDocument();
    expect(within(section).getByText("Fundidora · Mensual · ABC123")).toBeInTheDocument();
    expect(within(section).getByText(/^Cash at OXXO · Pay before .*Nov.* 28.* 1:00/)).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage("es");
    renderWithProviders(<HistoryScreen />);
    const seccion = await screen.findByRole("region", { name: "Por pagar" });
    expect(within(seccion).getByRole("link", { name: "Pensión" })).toBeInTheDocument();
    expect(within(seccion).getByText(/^Efectivo en OXXO · Paga antes de /)).toBeInTheDocument();
  });

  it("shows no references section when none waits", async () => {
    mockApi({
      "GET user/receipts/history": () => page([entry({})]),
      "GET user/references": () => ({ body: { data: [] } }),
    });
    renderWithProviders(<HistoryScreen />);
    await screen.findByRole("list");
    expect(screen.queryByRole("region", { name: "Waiting for your payment" })).not.toBeInTheDocument();
  });

  it("says so when the month has no payments, and offers to try again when the list fails", async () => {
    let fails = true;
    mockApi({
      "GET user/receipts/history": () => (fails ? { status: 500, body: { error: "server_error" } } : page([])),
    });
    renderWithProviders(<HistoryScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Your payments could not be loaded.");
    fails = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No payments in this period.")).toBeInTheDocument();
  });
});
