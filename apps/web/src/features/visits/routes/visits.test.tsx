import type { VisitSummary } from "@estaciona/contracts/schemas/parking";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import VisitsScreen from "./visits.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/screens.ts", () => ({}));
vi.mock("../../../lib/catalogues/events.ts", () => ({}));
vi.mock("../../../lib/catalogues/valet.ts", () => ({}));
beforeAll(registerParkingCatalogues);
afterEach(() => vi.unstubAllGlobals());

const summary = (index: number, status: VisitSummary["status"]): VisitSummary => ({
  uuid: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
  status,
  source: index % 2 ? "device" : "app",
  location: { uuid: "loc", name: `Lot ${index}`, time_zone: "America/Monterrey" },
  vehicle: { uuid: "veh", plate: "ABC1234" },
  entered_at: "2026-11-20T18:00:00.000Z",
  exited_at: null,
  paid_at: null,
  total: 2985,
  currency: "mxn",
});

/** A driver who never bought event parking nor used valet: the visits screen shows neither section. */
const noEventVisits = {
  "GET user/event-visits": () => ({ body: { data: { items: [], page: 1, limit: 5, total: 0 } } }),
  "GET user/valet-tickets": () => ({ body: { data: { items: [], page: 1, limit: 5, total: 0 } } }),
};

describe("Visits screen", () => {
  it("pages through the server's list five at a time and filters by open or paid, back to page 1", async () => {
    const api = mockApi({
      ...noEventVisits,
      "GET user/visits": ({ url }) => {
        const query = new URLSearchParams(url.split("?")[1]);
        const page = Number(query.get("page"));
        const status = query.get("status");
        const items =
          status === "active"
            ? [summary(100, "pending_payment")]
            : Array.from({ length: page === 3 ? 2 : 5 }, (_, index) =>
                summary((page - 1) * 5 + index, index === 0 ? "finished" : "in_progress"),
              );
        // Where the pages after this one start (12 rows: pages 1–3).
        const next_pages =
          status === "active" ? [] : [2, 3].filter((next) => next > page).map((next) => `start-${next}`);
        return { body: { data: { items, page, limit: 5, total: status === "active" ? 1 : 12, next_pages } } };
      },
    });
    renderWithProviders(<VisitsScreen />);

    const list = await screen.findByRole("list", { name: "Visits" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(within(list).getAllByText("Paid")).toHaveLength(1);
    expect(within(list).getAllByText("Parked")).toHaveLength(4);

    await userEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(await screen.findByText("Lot 10")).toBeInTheDocument();
    // Keyset paging: page 3 is asked for from where page 1's answer said it starts.
    expect(api.calls.at(-1)?.url ?? "").toContain("after=start-3");
    expect(screen.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");

    await userEvent.click(screen.getByRole("radio", { name: "Open" }));
    expect(await screen.findByText("Payment pending")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
    const last = api.calls.at(-1)?.url ?? "";
    expect(last).toContain("status=active");
    expect(last).toContain("page=1");
    expect(last).toContain("limit=5");
  });

  it("shows each stay on its lot's clock, naming the zone when the phone's clock differs", async () => {
    // The tests' phone is in Mexico City (vitest.config.ts): Monterrey reads the same, Tijuana does not.
    const tijuana = {
      ...summary(2, "finished"),
      location: { uuid: "tij", name: "Lot TJ", time_zone: "America/Tijuana" },
    };
    mockApi({
      ...noEventVisits,
      "GET user/visits": () => ({
        body: { data: { items: [summary(1, "finished"), tijuana], page: 1, limit: 5, total: 2, next_pages: [] } },
      }),
    });
    renderWithProviders(<VisitsScreen />);
    const [monterrey, baja] = within(await screen.findByRole("list", { name: "Visits" })).getAllByRole("listitem");
    // 18:00 UTC: noon in Monterrey, 10:00 in Tijuana.
    expect(monterrey).toHaveTextContent(/Nov 20, 2026, 12:00\sPM/);
    expect(monterrey).not.toHaveTextContent("(");
    expect(baja).toHaveTextContent(/Nov 20, 2026, 10:00\sAM \(PT\)/);
  });

  it("says so when a filter has nothing", async () => {
    mockApi({
      ...noEventVisits,
      "GET user/visits": () => ({ body: { data: { items: [], page: 1, limit: 5, total: 0, next_pages: [] } } }),
    });
    renderWithProviders(<VisitsScreen />);
    expect(await screen.findByText("You have no visits yet.")).toBeInTheDocument();
  });
});
