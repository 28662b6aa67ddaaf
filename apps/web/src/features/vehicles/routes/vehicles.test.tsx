import type { Vehicle } from "@estaciona/contracts/schemas/user";
import { vehicles as enVehicles } from "@estaciona/i18n/locales/en/vehicles";
import { vehicles as esVehicles } from "@estaciona/i18n/locales/es/vehicles";
import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
} from "../../../components/parking/testing/fixtures.tsx";
import { registerNamespaces } from "../../../lib/i18n.ts";
import VehiclesScreen from "./vehicles.tsx";

vi.mock("../../../lib/catalogues/vehicles.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("vehicles", { en: enVehicles, es: esVehicles });
});
afterEach(() => vi.unstubAllGlobals());

const car = (plate: string, refused: Vehicle["delete_refused"]): Vehicle => ({
  uuid: `00000000-0000-4000-8000-0000000000${plate.slice(-2)}`,
  plate,
  state: "Nuevo León",
  country: "mx",
  brand: null,
  model: null,
  year: null,
  color: null,
  delete_refused: refused,
});

describe("/vehiculos", () => {
  it("offers no delete for a vehicle that cannot go now, and says why and what to do", async () => {
    mockApi({
      "GET user/vehicles": () => ({
        body: {
          data: [car("ABC11", "vehicle_with_active_visit"), car("ABC12", "active_subscription"), car("ABC13", null)],
        },
      }),
    });
    renderWithProviders(<VehiclesScreen />);
    expect(await screen.findByText(/can't delete it while it's parked: end the visit/)).toBeInTheDocument();
    expect(screen.getByText(/a pass for it still renews: cancel the pass first/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete ABC11" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete ABC12" })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete ABC13" })).toBeInTheDocument();
  });
});
