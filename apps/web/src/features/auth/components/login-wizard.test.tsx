import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { setNavigator } from "../../../lib/navigation.ts";
import { sessionStore } from "../../../lib/session.ts";
import { driver } from "../../payments/testing/api-fake.tsx";
import { resumedStep } from "../resume.ts";
import { LoginWizard } from "./login-wizard.tsx";

const car = { uuid: "c1", plate: "ABC12D", country: "mx", state: "NL", brand: null, model: null, color: null };

afterEach(() => {
  sessionStore.set({ restoring: false, authenticated: false, user: null });
  resumedStep.set(null);
});

describe("the wizard before and after the router (docs/decisions/0095)", () => {
  it("before the router, hands a later step over instead of showing it", () => {
    sessionStore.set({ restoring: false, authenticated: true, user: driver() });
    const onLaterStep = vi.fn();
    render(<LoginWizard search={new URLSearchParams()} onLaterStep={onLaterStep} />);
    // Signed in without vehicles: step 4 (docs/product/entities-and-states.md), which needs the router's forms.
    expect(onLaterStep).toHaveBeenCalledWith(4);
    expect(screen.queryByRole("heading", { name: i18n.t("auth:vehicle_step.heading") })).toBeNull();
  });

  it("in the router, goes on at the handed-over step without deciding again on entry", async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    // With a vehicle, entering / would redirect (docs/product/entities-and-states.md); the hand-over said step 4.
    sessionStore.set({ restoring: false, authenticated: true, user: driver({ vehicles: [car] as never }) });
    resumedStep.set(4);
    render(<LoginWizard search={new URLSearchParams()} />);
    // The step's code is a lazy chunk: its first import takes a while under test.
    expect(
      await screen.findByRole("heading", { name: i18n.t("auth:vehicle_step.heading") }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    // Once: the next wizard decides on entry again.
    expect(resumedStep.get()).toBeNull();
  }, 20_000);

  it("without a hand-over, a signed-in driver with a vehicle entering / is redirected", () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    sessionStore.set({ restoring: false, authenticated: true, user: driver({ vehicles: [car] as never }) });
    render(<LoginWizard search={new URLSearchParams()} />);
    expect(navigate).toHaveBeenCalledWith("/dashboard", { replace: true });
  });
});
