import type { MeterSession, MeterZone } from "@estaciona/contracts/schemas/meters";
import { home as enHome } from "@estaciona/i18n/locales/en/home";
import { meters as enMeters } from "@estaciona/i18n/locales/en/meters";
import { home as esHome } from "@estaciona/i18n/locales/es/home";
import { meters as esMeters } from "@estaciona/i18n/locales/es/meters";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
  visaCard,
} from "../../../components/parking/testing/fixtures.tsx";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { BuyPanel } from "./buy-panel.tsx";

vi.mock("../../../lib/catalogues/meters.ts", () => ({}));
vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../payments/catalogue.ts", () => ({}));
vi.mock("../../../lib/catalogues/vehicles.ts", () => ({}));
vi.mock("../../../lib/catalogues/screens.ts", () => ({}));
vi.mock("../../../lib/catalogues/home.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("meters", { en: enMeters, es: esMeters });
  registerNamespaces("home", { en: enHome, es: esHome });
});

const ZONE_UUID = "7d1e5a10-0000-4000-8000-000000000301";
const ALWAYS = Array.from({ length: 7 }, () => ({ open: 0, close: 1440 }));

/** Zone 101 of the demo: $12.00 an hour, 15 to 120 minutes, $5.00 convenience, 2.9 % card, 16 % IVA. */
const zone = (serverTime: string): MeterZone => ({
  uuid: ZONE_UUID,
  zone_code: "101",
  name: "Parquímetro 101 · Calle Morelos",
  address: "Calle Morelos 101, Centro, Monterrey",
  coordinates: { lat: 25.6623, lng: -100.32215 },
  area: [
    [-100.3, 25.6],
    [-100.29, 25.6],
    [-100.29, 25.61],
    [-100.3, 25.6],
  ],
  rate_per_hour: 1200,
  currency: "mxn",
  country: "mx",
  time_zone: "America/Monterrey",
  available: true,
  min_minutes: 15,
  max_minutes: 120,
  hours: ALWAYS,
  rates: { tax_rate_bp: 1600, convenience_rate_bp: 0, convenience_fixed: 500, card_rate_bp: 290, card_fixed: 0 },
  server_time: serverTime,
});

const vehicle = {
  uuid: "veh-1",
  plate: "ABC123",
  state: "Nuevo León",
  brand: null,
  model: null,
  year: null,
  color: null,
};

function session(now: number, endsInMinutes: number): MeterSession {
  return {
    uuid: "0b6f7c1e-2222-4000-8000-000000000001",
    zone: {
      uuid: ZONE_UUID,
      zone_code: "101",
      name: "Parquímetro 101",
      time_zone: "America/Monterrey",
      max_minutes: 120,
    },
    vehicle: { uuid: vehicle.uuid, plate: vehicle.plate },
    status: "active",
    started_at: new Date(now - 30 * 60_000).toISOString(),
    ends_at: new Date(now + endsInMinutes * 60_000).toISOString(),
    total_paid: 1313,
    currency: "mxn",
    purchases: [],
    server_time: new Date(now).toISOString(),
  };
}

function setUp(running: MeterSession[], answer: MeterSession, vehicles: unknown[] = [vehicle]) {
  const api = mockApi({
    "GET user/vehicles": () => ({ body: { data: vehicles } }),
    "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
    "POST user/meter-session": () => ({
      status: 201,
      body: { data: { session: answer, payment: { uuid: "pay-1", status: "succeeded", redirect_url: null } } },
    }),
    [`POST user/meter-session/${answer.uuid}/extend`]: () => ({
      body: { data: { session: answer, payment: { uuid: "pay-2", status: "succeeded", redirect_url: null } } },
    }),
  });
  const now = Date.now();
  renderWithProviders(
    <BuyPanel zone={zone(new Date(now).toISOString())} fetchedAt={now} running={running} fixedSession={null} />,
  );
  return api;
}

const posts = (calls: ReturnType<typeof mockApi>["calls"]) => calls.filter((call) => call.method === "POST");

describe("Buying meter time", () => {
  it("clamps the minutes to the zone's limits, prices them all in and pays what it showed", async () => {
    const api = setUp([], session(Date.now(), 30));
    const minutes = await screen.findByRole("spinbutton", { name: "Minutes" });
    // A curb errand, not the zone's 15-minute minimum; the presets stop at the zone's 2 h.
    expect(minutes).toHaveValue("30");
    const presets = within(screen.getByRole("group", { name: "How long" })).getAllByRole("button");
    expect(presets.map((button) => button.textContent)).toEqual(["15 min", "30 min", "1 h", "2 h"]);
    await userEvent.click(presets[2] as HTMLElement);
    expect(minutes).toHaveValue("60");
    // The stepper moves in the zone's own step (its 15-minute minimum).
    await userEvent.click(screen.getByRole("button", { name: "Increase" }));
    expect(minutes).toHaveValue("75");
    fireEvent.change(minutes, { target: { value: "500" } });
    fireEvent.keyDown(minutes, { key: "Enter" });
    expect(minutes).toHaveValue("120");
    fireEvent.change(minutes, { target: { value: "30" } });
    fireEvent.keyDown(minutes, { key: "Enter" });
    expect(screen.getByRole("row", { name: /Total/ })).toHaveTextContent("$13.13 MXN");
    expect(screen.getByText(/^Ends at /)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Pay $13.13 MXN" }));
    expect(await screen.findByRole("heading", { name: "Paid" })).toBeInTheDocument();
    const [call] = posts(api.calls);
    expect(call?.body).toEqual({
      zone_uuid: ZONE_UUID,
      vehicle_uuid: vehicle.uuid,
      minutes: 30,
      expected_total: 1313,
      payment_method_uuid: visaCard.uuid,
    });
    expect(call?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("adds time to the vehicle's running session, only up to the maximum stay, charging the added time", async () => {
    const now = Date.now();
    const running = session(now, 30);
    const api = setUp([running], running);
    expect(await screen.findByRole("heading", { name: "Add time" })).toBeInTheDocument();
    const minutes = screen.getByRole("spinbutton", { name: "Minutes" });
    // An extension starts at half an hour, never at the single minute it may add.
    expect(minutes).toHaveValue("30");
    // 30 minutes in and 30 paid ahead: 60 of the 120 remain.
    fireEvent.change(minutes, { target: { value: "90" } });
    fireEvent.keyDown(minutes, { key: "Enter" });
    expect(Number((minutes as HTMLInputElement).value)).toBeLessThanOrEqual(60);
    fireEvent.change(minutes, { target: { value: "15" } });
    fireEvent.keyDown(minutes, { key: "Enter" });
    expect(screen.getByRole("row", { name: /Total/ })).toHaveTextContent("$9.55 MXN");
    await userEvent.click(screen.getByRole("button", { name: "Pay $9.55 MXN" }));
    await screen.findByRole("heading", { name: "Paid" });
    expect(posts(api.calls)[0]?.url).toBe(`user/meter-session/${running.uuid}/extend`);
  });
});

describe("Paying again from the driver's places", () => {
  it("chooses the vehicle used last, while it is still the driver's", async () => {
    const other = { ...vehicle, uuid: "veh-2", plate: "XYZ789" };
    mockApi({
      "GET user/vehicles": () => ({ body: { data: [vehicle, other] } }),
      "GET user/payment/methods": () => ({ body: { data: [visaCard] } }),
    });
    const now = Date.now();
    const panel = (preferred: string) => (
      <BuyPanel
        zone={zone(new Date(now).toISOString())}
        fetchedAt={now}
        running={[]}
        fixedSession={null}
        preferredVehicle={preferred}
      />
    );
    const { unmount } = renderWithProviders(panel(other.uuid));
    expect(await screen.findByRole("radio", { name: "XYZ789" })).toBeChecked();
    unmount();
    // A vehicle removed since: the first one, as with no choice.
    renderWithProviders(panel("gone"));
    expect(await screen.findByRole("radio", { name: "ABC123" })).toBeChecked();
  });
});

describe("The zone pre-flight check (issue 26 item 6)", () => {
  /** A phone whose driver allowed the position, standing at `lat`, `lng`. */
  function phoneAt(lat: number, lng: number) {
    const geolocation = {
      getCurrentPosition: (found: PositionCallback) => found({ coords: { latitude: lat, longitude: lng } } as never),
    };
    const permissions = { query: async () => ({ state: "granted" }) };
    Object.defineProperty(navigator, "geolocation", { value: geolocation, configurable: true });
    Object.defineProperty(navigator, "permissions", { value: permissions, configurable: true });
    return () => {
      Reflect.deleteProperty(navigator, "geolocation");
      Reflect.deleteProperty(navigator, "permissions");
    };
  }

  it("asks 'are you at zone 101?' when the phone is 2 km away, and pays only once confirmed", async () => {
    const restore = phoneAt(25.6803, -100.32215);
    try {
      const api = setUp([], session(Date.now(), 30));
      await userEvent.click(await screen.findByRole("button", { name: "Pay $13.13 MXN" }));
      const dialog = await screen.findByRole("alertdialog", { name: "Are you at zone 101?" });
      expect(dialog).toHaveTextContent("Your phone is 2.0 km from zone 101.");
      await userEvent.click(within(dialog).getByRole("button", { name: "Check the zone" }));
      expect(posts(api.calls)).toHaveLength(0);
      await userEvent.click(screen.getByRole("button", { name: "Pay $13.13 MXN" }));
      await userEvent.click(
        within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes, pay for zone 101" }),
      );
      expect(await screen.findByRole("heading", { name: "Paid" })).toBeInTheDocument();
      expect(posts(api.calls)).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it("pays at once when the phone is at the zone", async () => {
    const restore = phoneAt(25.6625, -100.3222);
    try {
      const api = setUp([], session(Date.now(), 30));
      await userEvent.click(await screen.findByRole("button", { name: "Pay $13.13 MXN" }));
      expect(await screen.findByRole("heading", { name: "Paid" })).toBeInTheDocument();
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(posts(api.calls)).toHaveLength(1);
    } finally {
      restore();
    }
  });
});

describe("The plate pre-flight check (issue 26 item 6, decision 0312)", () => {
  it("asks when the chosen plate differs from another of the driver's by a look-alike, and pays only once confirmed", async () => {
    // The same car added twice, once with the letter O for a zero: the misspelt one is chosen.
    const misspelt = { ...vehicle, uuid: "veh-2", plate: "ABC1O3D", country: "mx" };
    const api = setUp([], session(Date.now(), 30), [misspelt, { ...vehicle, plate: "ABC103D", country: "mx" }]);
    await userEvent.click(await screen.findByRole("button", { name: "Pay $13.13 MXN" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Is ABC1O3D the right plate?" });
    expect(dialog).toHaveTextContent("ABC1O3D differs from your ABC103D only by characters that look alike");
    await userEvent.click(within(dialog).getByRole("button", { name: "Check the plate" }));
    expect(posts(api.calls)).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Pay $13.13 MXN" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes, pay for ABC1O3D" }),
    );
    expect(await screen.findByRole("heading", { name: "Paid" })).toBeInTheDocument();
    expect(posts(api.calls)).toHaveLength(1);
  });

  it("asks when the plate does not fit its state, naming the state", async () => {
    const api = setUp([], session(Date.now(), 30), [{ ...vehicle, plate: "ABCDEF", country: "mx" }]);
    await userEvent.click(await screen.findByRole("button", { name: "Pay $13.13 MXN" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Is ABCDEF the right plate?" });
    expect(dialog).toHaveTextContent("ABCDEF does not look like a Nuevo León plate.");
    expect(posts(api.calls)).toHaveLength(0);
  });
});

describe("A session at the zone's maximum stay", () => {
  it("says the maximum is reached and offers no more time", async () => {
    const { MeterSessionCard } = await import("./session-card.tsx");
    const now = Date.now();
    mockApi({ "GET user/receipts": () => ({ body: { data: [] } }) });
    // Started 90 minutes ago and paid 30 ahead: the zone's 2 h are used up.
    const full = { ...session(now, 30), started_at: new Date(now - 90 * 60_000).toISOString() };
    renderWithProviders(<MeterSessionCard session={full} fetchedAt={now} />);
    expect(await screen.findByText("Maximum reached (2 h)")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Add time" })).toBeNull();
  });
});
