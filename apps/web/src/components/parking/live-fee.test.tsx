import { getLocation } from "@estaciona/contracts/endpoints/parking";
import type { VisitDetail } from "@estaciona/contracts/schemas/parking";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { endpointKey } from "../../lib/endpoint-query.ts";
import { LIVE_FEE_TICK_MS, LiveFee, useLiveQuote } from "./live-fee.tsx";
import {
  fundidora,
  LOCATION_UUID,
  newQueryClient,
  openVisit,
  registerParkingCatalogues,
  renderWithProviders,
} from "./testing/fixtures.tsx";

vi.mock("../../lib/catalogues/parking.ts", () => ({}));
beforeAll(registerParkingCatalogues);
afterEach(() => vi.useRealTimers());

/** 18:00 UTC is 12:00 in Monterrey (UTC−6 all year since 2022). */
const NOON_MONTERREY = Date.parse("2026-11-21T18:00:00.000Z");

function Probe({ visit, fetchedAt }: { visit: VisitDetail; fetchedAt: number }) {
  const live = useLiveQuote(visit, fetchedAt);
  return live ? <LiveFee visit={visit} live={live} /> : null;
}

function renderLiveFee(visit: VisitDetail, fetchedAt: number) {
  const queryClient = newQueryClient();
  // The location's rates are public and cached for good; the test gives them instead of the network.
  queryClient.setQueryData(endpointKey(getLocation, { params: { uuid: LOCATION_UUID } }), fundidora);
  return renderWithProviders(<Probe visit={visit} fetchedAt={fetchedAt} />, queryClient);
}

describe("Live fee (shared fee engine, ticking every 30 s)", () => {
  it("is free inside the grace minutes, says until when, then ticks to the first period's all-in price", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(NOON_MONTERREY);
    renderLiveFee(openVisit(NOON_MONTERREY, 10), NOON_MONTERREY);

    expect(screen.getByTestId("live-fee")).toHaveTextContent("$0.00 MXN");
    expect(screen.getByText("Free until 12:05 PM")).toBeInTheDocument();
    expect(screen.getByText("Goes up to $29.85 MXN at 12:05 PM")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(5 * 60_000 + LIVE_FEE_TICK_MS));
    // 20.00 parking + 5.00 convenience + 0.73 card (2.9 %) + 4.12 IVA (16 %).
    expect(screen.getByTestId("live-fee")).toHaveTextContent("$29.85 MXN");
    expect(screen.getByText("Goes up to $41.78 MXN at 12:50 PM")).toBeInTheDocument();
    expect(screen.getByText(/Parked for 15 min/)).toBeInTheDocument();
  });

  it("runs on the server's clock when the phone's clock is off", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    // The phone is 20 minutes behind: the quote says noon, the phone says 11:40.
    const phoneNow = NOON_MONTERREY - 20 * 60_000;
    vi.setSystemTime(phoneNow);
    renderLiveFee(openVisit(NOON_MONTERREY, 14), phoneNow);
    expect(screen.getByTestId("live-fee")).toHaveTextContent("$0.00 MXN");
    act(() => vi.advanceTimersByTime(3 * LIVE_FEE_TICK_MS));
    // 15½ minutes on the server's clock: past the grace minutes, whatever the phone says.
    expect(screen.getByTestId("live-fee")).toHaveTextContent("$29.85 MXN");
  });

  it("stops at the server's quote when the vehicle has left (a declined freeflow exit)", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(NOON_MONTERREY);
    const visit = openVisit(NOON_MONTERREY, 70, {
      status: "pending_payment",
      exited_at: new Date(NOON_MONTERREY - 5 * 60_000).toISOString(),
    });
    renderLiveFee(visit, NOON_MONTERREY);
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByTestId("live-fee")).toHaveTextContent("$29.85 MXN");
    expect(screen.queryByText(/Goes up to/)).not.toBeInTheDocument();
  });
});
