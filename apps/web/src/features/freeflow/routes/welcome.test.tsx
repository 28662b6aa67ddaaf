import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  mockApi,
  registerParkingCatalogues,
  renderWithProviders,
  visaCard,
} from "../../../components/parking/testing/fixtures.tsx";
import { sessionStore } from "../../../lib/session.ts";
import { freeflowWelcomeStore } from "../../../lib/welcome.ts";
import { driver } from "../../payments/testing/api-fake.tsx";
import { freeflowCard } from "../components/freeflow-account.tsx";
import WelcomeScreen from "./welcome.tsx";

vi.mock("../../../lib/catalogues/screens.ts", () => ({}));
// The payments entry brings its catalogue, which registers itself before the setup starts i18next.
vi.mock("../../payments/catalogue.ts", () => ({}));
beforeAll(registerParkingCatalogues);
afterEach(() => {
  vi.unstubAllGlobals();
  freeflowWelcomeStore.set(false);
  sessionStore.set({ restoring: false, authenticated: false, user: null });
});

const mastercard = { ...visaCard, uuid: "card-ff", card_number: "•••• 4444", brand: "mastercard", is_default: false };
const vehicle = {
  uuid: "veh-1",
  plate: "FFW123",
  state: "Nuevo León",
  country: "mx" as const,
  brand: null,
  model: null,
  year: null,
  color: null,
};

describe("the card a freeflow exit charges (docs/product/parking.md)", () => {
  it("is the card saved for freeflow, else the default Mexican card", () => {
    expect(freeflowCard([visaCard, { ...mastercard, free_flow: true }])?.uuid).toBe("card-ff");
    expect(freeflowCard([mastercard, visaCard])?.uuid).toBe("card-default");
    expect(freeflowCard([{ ...visaCard, country: "us" }])).toBeNull();
  });
});

describe("/bienvenido-freeflow (docs/product/entities-and-states.md)", () => {
  it("welcomes a driver just activated: what freeflow is, the plates the cameras read and the card charged", async () => {
    mockApi({ "GET user/payment/methods": () => ({ body: { data: [visaCard, { ...mastercard, free_flow: true }] } }) });
    sessionStore.set({ restoring: false, authenticated: true, user: driver({ vehicles: [vehicle] }) });
    freeflowWelcomeStore.set(true);
    renderWithProviders(<WelcomeScreen />);

    expect(screen.getByRole("heading", { name: "You are all set: park without a ticket" })).toBeInTheDocument();
    const steps = within(screen.getByRole("list", { name: "How it works" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining("camera at the entrance reads your plate"),
      expect.stringContaining("charged to your card"),
      expect.stringContaining("Visits"),
    ]);
    expect(screen.getByText("FFW123")).toBeInTheDocument();
    expect(await screen.findByText("Mastercard •••• 4444")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See my visits" })).toHaveAttribute("href", "/visitas");
  });

  it("explains how it works when opened later, and says what is missing", async () => {
    mockApi({ "GET user/payment/methods": () => ({ body: { data: [] } }) });
    sessionStore.set({ restoring: false, authenticated: true, user: driver() });
    renderWithProviders(<WelcomeScreen />);
    expect(screen.getByRole("heading", { name: "How ticketless parking works" })).toBeInTheDocument();
    expect(screen.getByText("Add your vehicle's plate so the cameras recognise it.")).toBeInTheDocument();
    expect(
      await screen.findByText("Add a card: without one, your stays are left pending payment."),
    ).toBeInTheDocument();
  });
});
