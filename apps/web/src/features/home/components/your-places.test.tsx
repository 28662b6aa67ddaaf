import type { YourPlaces as Places, YourPlace } from "@estaciona/contracts/schemas/home";
import { home as enHome } from "@estaciona/i18n/locales/en/home";
import { home as esHome } from "@estaciona/i18n/locales/es/home";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderWithProviders } from "../../../components/parking/testing/fixtures.tsx";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { sessionStore } from "../../../lib/session.ts";
import { StarToggle } from "./star-toggle.tsx";
import { YourPlaces } from "./your-places.tsx";

vi.mock("../../../lib/catalogues/home.ts", () => ({}));
beforeAll(() => registerNamespaces("home", { en: enHome, es: esHome }));
beforeEach(() => sessionStore.set({ restoring: false, authenticated: true, user: null }));
afterEach(() => sessionStore.set({ restoring: false, authenticated: false, user: null }));

const lot: YourPlace = {
  uuid: "7d1e5a10-0000-4000-8000-000000000101",
  kind: "lot",
  name: "Estacionamiento Parque Fundidora",
  address: "Av. Fundidora 501",
  zone_code: null,
  starred: true,
  last_parked_at: null,
  vehicle_uuid: null,
  plate: null,
};
const zone: YourPlace = {
  uuid: "7d1e5a10-0000-4000-8000-000000000301",
  kind: "meter",
  name: "Parquímetro 101 · Calle Morelos",
  address: "Calle Morelos 101",
  zone_code: "101",
  starred: false,
  last_parked_at: "2026-11-30T10:00:00.000Z",
  vehicle_uuid: "0b6f7c1e-1111-4000-8000-000000000001",
  plate: "ABC123",
};

/** The places list the API answers, changed by the stars the test taps. */
function placesApi(initial: Places) {
  let places = initial;
  return mockApi({
    "GET user/places": () => ({ body: { data: places } }),
    [`PUT user/favourite/${zone.uuid}`]: () => {
      places = { favourites: [{ ...zone, starred: true }, ...places.favourites], recents: [] };
      return { body: { data: null } };
    },
    [`DELETE user/favourite/${lot.uuid}`]: () => {
      places = { ...places, favourites: places.favourites.filter((place) => place.uuid !== lot.uuid) };
      return { body: { data: null } };
    },
  });
}

describe("Your places", () => {
  it("lists the starred places, then the recent ones; a zone pays again with its vehicle, a lot opens its screen", async () => {
    placesApi({ favourites: [lot], recents: [zone] });
    renderWithProviders(<YourPlaces />);
    const starred = await screen.findByRole("list", { name: "Starred" });
    expect(within(starred).getByRole("link", { name: /Parque Fundidora/ })).toHaveAttribute("href", `/loc/${lot.uuid}`);
    const recent = screen.getByRole("list", { name: "Parked lately" });
    const again = within(recent).getByRole("link", { name: /Zone 101/ });
    expect(again).toHaveAttribute("href", `/parquimetros/${zone.uuid}?vehicle=${zone.vehicle_uuid}`);
    expect(again).toHaveTextContent("Last time with ABC123");
    expect(again).toHaveTextContent("Pay again");
  });

  it("shows nothing while the driver has no places", async () => {
    const api = placesApi({ favourites: [], recents: [] });
    const { container } = renderWithProviders(<YourPlaces />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it("stars and unstars with a toggle button named for the place", async () => {
    const api = placesApi({ favourites: [lot], recents: [zone] });
    renderWithProviders(<YourPlaces />);
    const star = await screen.findByRole("button", { name: "Star Zone 101" });
    expect(star).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(star);
    const starred = await screen.findByRole("list", { name: "Starred" });
    await vi.waitFor(() =>
      expect(within(starred).getByRole("button", { name: "Star Zone 101" })).toHaveAttribute("aria-pressed", "true"),
    );
    await userEvent.click(screen.getByRole("button", { name: `Star ${lot.name}` }));
    await vi.waitFor(() => expect(screen.queryByRole("link", { name: /Parque Fundidora/ })).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method !== "GET").map((call) => call.method)).toEqual(["PUT", "DELETE"]);
  });

  it("shows no star to a driver who is not signed in", () => {
    sessionStore.set({ restoring: false, authenticated: false, user: null });
    const api = placesApi({ favourites: [], recents: [] });
    const { container } = renderWithProviders(<StarToggle uuid={lot.uuid} name={lot.name} />);
    expect(container).toBeEmptyDOMElement();
    expect(api.calls).toEqual([]);
  });
});
