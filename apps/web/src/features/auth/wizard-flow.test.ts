import type { User } from "@estaciona/contracts/schemas/user";
import { describe, expect, it } from "vitest";
import {
  afterProfileLoad,
  afterVehicleSkip,
  canAddLater,
  onEntry,
  redirectTarget,
  type WizardContext,
} from "./wizard-flow.ts";

const vehicle = {
  uuid: "v1",
  plate: "ABC123",
  state: "Nuevo León",
  country: "mx" as const,
  brand: null,
  model: null,
  year: null,
  color: null,
};

const driver = (overrides: Partial<User> = {}): User => ({
  uuid: "u1",
  first_name: "Ana",
  last_name: "López",
  email: "ana@example.com",
  email_verified: true,
  phone: "+528112345678",
  student_id: null,
  locale: "es",
  role: "driver",
  vehicles: [],
  payment_methods_mx: false,
  payment_methods_us: false,
  free_flow_activation: null,
  ...overrides,
});

const context = (overrides: Partial<WizardContext> = {}): WizardContext => ({
  theme: "estaciona",
  freeflowHost: false,
  paymentLocale: "mx",
  countryQuery: null,
  checkoutQuery: false,
  authRedirect: null,
  ...overrides,
});

describe("afterProfileLoad (docs/product/entities-and-states.md)", () => {
  it("goes to the redirect when a checkout query is present or a redirect is requested", () => {
    expect(afterProfileLoad(driver(), context({ checkoutQuery: true }))).toEqual({ kind: "redirect" });
    expect(afterProfileLoad(driver(), context({ authRedirect: "/pensiones" }))).toEqual({ kind: "redirect" });
  });

  it("does not treat authRedirect=/ as a requested redirect", () => {
    expect(afterProfileLoad(driver(), context({ authRedirect: "/" }))).toEqual({ kind: "step", step: 4 });
  });

  it("asks for names and student id on isisa, else the vehicle, when there are no vehicles", () => {
    expect(afterProfileLoad(driver(), context({ theme: "isisa" }))).toEqual({ kind: "step", step: 3 });
    expect(afterProfileLoad(driver(), context({ theme: "estaciona" }))).toEqual({ kind: "step", step: 4 });
    expect(afterProfileLoad(driver(), context({ theme: "freeflow" }))).toEqual({ kind: "step", step: 4 });
  });

  it("asks for a payment method of the payment locale", () => {
    const withVehicle = driver({ vehicles: [vehicle], payment_methods_us: true });
    expect(afterProfileLoad(withVehicle, context({ paymentLocale: "mx" }))).toEqual({ kind: "step", step: 5 });
    expect(afterProfileLoad(withVehicle, context({ paymentLocale: "us" }))).toEqual({ kind: "redirect" });
  });

  it("redirects a driver with vehicles and a payment method", () => {
    const ready = driver({ vehicles: [vehicle], payment_methods_mx: true });
    expect(afterProfileLoad(ready, context())).toEqual({ kind: "redirect" });
  });
});

describe("afterVehicleSkip", () => {
  it("goes to the payment step with a country query or on the freeflow host", () => {
    expect(afterVehicleSkip(context({ countryQuery: "mx" }))).toEqual({ kind: "step", step: 5 });
    expect(afterVehicleSkip(context({ freeflowHost: true }))).toEqual({ kind: "step", step: 5 });
  });

  it("otherwise moves on to the redirect (after reloading the profile)", () => {
    expect(afterVehicleSkip(context())).toEqual({ kind: "redirect" });
  });
});

describe("onEntry", () => {
  it("redirects a signed-in driver with vehicles and sends one without to step 4", () => {
    expect(onEntry(driver({ vehicles: [vehicle] }), true)).toEqual({ kind: "redirect" });
    expect(onEntry(driver(), true)).toEqual({ kind: "step", step: 4 });
  });

  it("leaves a signed-out visitor on step 1", () => {
    expect(onEntry(null, false)).toBeNull();
  });
});

describe("canAddLater", () => {
  it("allows add later on the isisa and default themes only", () => {
    expect(canAddLater("isisa")).toBe(true);
    expect(canAddLater("estaciona")).toBe(true);
    expect(canAddLater("freeflow")).toBe(false);
  });
});

describe("redirectTarget (docs/product/entities-and-states.md)", () => {
  // Noon in Mexico City, where free_flow_activation is dated.
  const today = new Date("2026-11-21T18:00:00Z");

  it("uses authRedirect unless it is /", () => {
    expect(redirectTarget({ authRedirect: "/pagos", freeflowHost: false, user: null, today })).toEqual({
      path: "/pagos",
      welcome: false,
    });
    expect(redirectTarget({ authRedirect: "/", freeflowHost: false, user: null, today }).path).toBe("/dashboard");
  });

  it("never redirects to another site", () => {
    expect(redirectTarget({ authRedirect: "//evil.example", freeflowHost: false, user: null, today }).path).toBe(
      "/dashboard",
    );
    expect(redirectTarget({ authRedirect: "https://evil.example", freeflowHost: false, user: null, today }).path).toBe(
      "/dashboard",
    );
  });

  it("welcomes a freeflow driver activated today", () => {
    const user = { free_flow_activation: "2026-11-21" };
    expect(redirectTarget({ authRedirect: null, freeflowHost: true, user, today })).toEqual({
      path: "/bienvenido-freeflow",
      welcome: true,
    });
  });

  it("sends everyone else to /dashboard", () => {
    const yesterday = { free_flow_activation: "2026-11-20" };
    expect(redirectTarget({ authRedirect: null, freeflowHost: true, user: yesterday, today }).path).toBe("/dashboard");
    const activatedToday = { free_flow_activation: "2026-11-21" };
    expect(redirectTarget({ authRedirect: null, freeflowHost: false, user: activatedToday, today }).path).toBe(
      "/dashboard",
    );
  });

  it("counts today in Mexico City, where the activation is dated, not on the phone's clock", () => {
    const activatedToday = { free_flow_activation: "2026-11-21" };
    // 01:30 UTC on the 22nd is still the evening of the 21st in Mexico City.
    const lateEvening = new Date("2026-11-22T01:30:00Z");
    expect(
      redirectTarget({ authRedirect: null, freeflowHost: true, user: activatedToday, today: lateEvening }),
    ).toEqual({ path: "/bienvenido-freeflow", welcome: true });
    const nextMorning = new Date("2026-11-22T07:00:00Z");
    expect(
      redirectTarget({ authRedirect: null, freeflowHost: true, user: activatedToday, today: nextMorning }).path,
    ).toBe("/dashboard");
  });
});
