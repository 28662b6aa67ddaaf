import type { MeterZoneSummary } from "@estaciona/contracts/schemas/meters";
import { meters as enMeters } from "@estaciona/i18n/locales/en/meters";
import { meters as esMeters } from "@estaciona/i18n/locales/es/meters";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useEffect } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { defaultHostConfig, setHostConfigForTesting } from "../../../lib/host-config.ts";
import { registerNamespaces } from "../../../lib/i18n.ts";
import type { MapView } from "../lib/geo.ts";
import MetersScreen from "./meters.tsx";

vi.mock("../../../lib/catalogues/meters.ts", () => ({}));
vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/screens.ts", () => ({}));
// The zones' stars (features/home) bring its catalogue; these tests are signed out, where no star shows.
vi.mock("../../../lib/catalogues/home.ts", () => ({}));
/** The view the map double reports when its button is pressed; none: a phone without WebGL. */
const mapDouble = vi.hoisted(() => ({ view: null as MapView | null, styles: [] as unknown[] }));
vi.mock("../components/meter-map.tsx", () => ({
  default: function MapDouble({
    style,
    bubble,
    notice,
    onFailed,
    onView,
    onStreetsFailed,
  }: {
    style: unknown;
    bubble: ReactNode;
    notice: ReactNode;
    onFailed: () => void;
    onView: (view: MapView) => void;
    onStreetsFailed: () => void;
  }) {
    // Without WebGL the map reports that it cannot draw, as MapLibre's constructor would.
    useEffect(() => {
      mapDouble.styles.push(style);
      if (!mapDouble.view) onFailed();
    }, [onFailed, style]);
    const view = mapDouble.view;
    return view ? (
      <>
        <button type="button" onClick={() => onView(view)}>
          Map drawn
        </button>
        {typeof style === "string" && (
          <button type="button" onClick={onStreetsFailed}>
            Streets failed
          </button>
        )}
        {bubble}
        {/* As the map lays it over its top edge. */}
        {notice && <p role="status">{notice}</p>}
      </>
    ) : null;
  },
}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("meters", { en: enMeters, es: esMeters });
});
afterEach(() => {
  vi.unstubAllGlobals();
  mapDouble.view = null;
  mapDouble.styles = [];
});

const zoneAt = (code: string, lat: number, lng: number): MeterZoneSummary => ({
  uuid: `7d1e5a10-0000-4000-8000-000000000${code}`,
  zone_code: code,
  name: `Meter ${code}`,
  address: "Calle Morelos",
  coordinates: { lat, lng },
  area: [
    [lng, lat],
    [lng + 0.0001, lat],
    [lng + 0.0001, lat + 0.0001],
    [lng, lat],
  ],
  rate_per_hour: 1200,
  currency: "mxn",
});

function setUp(
  items = [zoneAt("103", 25.67, -100.33), zoneAt("101", 25.6601, -100.3201), zoneAt("102", 25.662, -100.322)],
  styleUrl: string | null = null,
) {
  const host = defaultHostConfig("localhost");
  setHostConfigForTesting({
    ...host,
    map_options: { center: { lat: 25.66, lng: -100.32 }, zoom: 14, style_url: styleUrl },
  });
  return mockApi({
    "GET open/meters": () => ({
      body: {
        // Answered farthest first: the list orders them by distance from the map's centre.
        data: { items, truncated: false },
      },
    }),
    "GET open/meter-map": () => ({
      body: { data: { style_url: null, style: { version: 8, sources: {}, layers: [] } } },
    }),
    "GET user/meter-sessions": () => ({ body: { data: [] } }),
    "GET open/meters/code/999": () => ({ status: 404, body: { error: "object_not_found" } }),
  });
}

describe("Finding a meter zone", () => {
  it("lists the zones in view nearest the map's centre first, even when the map cannot be drawn", async () => {
    const api = setUp();
    renderWithProviders(<MetersScreen />);
    expect(
      await screen.findByText("The map cannot be shown here. Choose your zone from the list."),
    ).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "Zones in view" });
    const links = await within(list).findAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^101/),
      expect.stringMatching(/^102/),
      expect.stringMatching(/^103/),
    ]);
    expect(links[0]).toHaveAttribute("href", `/parquimetros/${zoneAt("101", 0, 0).uuid}`);
    // With no map to wait for, the list is final once its zones are in.
    expect(list).toHaveAttribute("aria-busy", "false");
    // One bounding-box query, around the host's centre.
    const query = new URLSearchParams(api.calls.find((call) => call.url.startsWith("open/meters?"))?.url.split("?")[1]);
    expect(Number(query.get("west"))).toBeLessThan(-100.32);
    expect(Number(query.get("east"))).toBeGreaterThan(-100.32);
    expect(Number(query.get("south"))).toBeLessThan(25.66);
    expect(Number(query.get("north"))).toBeGreaterThan(25.66);
  });

  it("keeps equidistant zones in one order, ready before the map has drawn", async () => {
    // Four zones the same distance from the host's centre (25.66, -100.32), answered out of order.
    setUp([
      zoneAt("104", 25.6625, -100.318),
      zoneAt("101", 25.6575, -100.322),
      zoneAt("103", 25.6625, -100.322),
      zoneAt("102", 25.6575, -100.318),
    ]);
    // The map reports its centre a hair north of the one it was given (MapLibre's arithmetic).
    mapDouble.view = {
      center: { lat: 25.66 + 1e-9, lng: -100.32 },
      zoom: 14,
      box: { west: -100.33, south: 25.65, east: -100.31, north: 25.67 },
      pinned: null,
    };
    renderWithProviders(<MetersScreen />);
    // What sits between the map and the list is there before the map: its arrival moves no row.
    expect(screen.getByRole("button", { name: "Centre on my location" })).toBeInTheDocument();
    expect(screen.getByText("Drag the map until your zone is under the pin.")).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "Zones in view" });
    const codes = async () => (await within(list).findAllByRole("link")).map((link) => link.textContent?.slice(0, 3));
    expect(await codes()).toEqual(["101", "102", "103", "104"]);
    // The zones asked for are those of the map's measured frame (decision 0325): no wait for MapLibre.
    await vi.waitFor(() => expect(list).toHaveAttribute("aria-busy", "false"));

    await userEvent.click(await screen.findByRole("button", { name: "Map drawn" }));
    await vi.waitFor(() => expect(list).toHaveAttribute("aria-busy", "false"));
    expect(await codes()).toEqual(["101", "102", "103", "104"]);
  });

  it("draws the street style, then the offline one with a note when it does not load; the pinned zone's bubble", async () => {
    setUp(undefined, "https://streets.example/style.json");
    mapDouble.view = {
      center: { lat: 25.6601, lng: -100.3201 },
      zoom: 16,
      box: { west: -100.33, south: 25.65, east: -100.31, north: 25.67 },
      pinned: zoneAt("101", 0, 0).uuid,
    };
    renderWithProviders(<MetersScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Map drawn" }));
    expect(await screen.findByText(/Zone 101 · \$12\.00.*\/h/)).toBeInTheDocument();
    expect(mapDouble.styles[0]).toBe("https://streets.example/style.json");
    await userEvent.click(screen.getByRole("button", { name: "Streets failed" }));
    expect(await screen.findByRole("status")).toHaveTextContent(/The street map did not load/);
    await vi.waitFor(() => expect(mapDouble.styles.at(-1)).toMatchObject({ version: 8 }));
    expect(screen.queryByRole("button", { name: "Streets failed" })).toBeNull();
    // The list stays whatever the map draws.
    expect(await within(screen.getByRole("region", { name: "Zones in view" })).findAllByRole("link")).toHaveLength(3);
  });

  it("says so beside the field when no zone has the number typed", async () => {
    setUp();
    renderWithProviders(<MetersScreen />);
    await userEvent.type(screen.getByLabelText("Zone number on the sign"), "999");
    await userEvent.click(screen.getByRole("button", { name: "Find zone" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("No zone has the number 999.");
  });
});
