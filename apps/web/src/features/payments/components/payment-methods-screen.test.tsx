import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { sessionStore } from "../../../lib/session.ts";
import { driver, fakeApi, ok, registerPaymentsCatalogue, renderWith, sandboxConfig } from "../testing/api-fake.tsx";
import { PaymentMethodsScreen } from "./payment-methods-screen.tsx";

vi.mock("../catalogue.ts", () => ({}));
beforeAll(registerPaymentsCatalogue);
afterEach(() => vi.unstubAllGlobals());

describe("/pagos add card", () => {
  it("completes a profile without e-mail first, as step 5 does, instead of answering missing_email", async () => {
    const user = driver({ email: null });
    fakeApi({
      "GET user/payment/methods": ok([]),
      "PUT user/edit": (call) => ok({ ...user, ...(call.body as object) }),
      "GET user/payment/config": ok(sandboxConfig("conekta")),
      "GET user/conekta/token": ok("checkout-1"),
    });
    sessionStore.set({ restoring: false, authenticated: true, user });
    render(renderWith(<PaymentMethodsScreen gateway="mx" title="Payment method" />));

    await userEvent.click(await screen.findByRole("button", { name: i18n.t("payments:add_card_action") }));
    expect(await screen.findByLabelText(i18n.t("payments:profile.email"))).toBeInTheDocument();
    expect(document.querySelector("iframe")).toBeNull();

    await userEvent.type(screen.getByLabelText(i18n.t("payments:profile.email")), "ana@example.com");
    await userEvent.click(screen.getByRole("button", { name: i18n.t("payments:profile.save") }));
    await waitFor(() => expect(document.querySelector("iframe")).not.toBeNull());
  });
});

describe("/pagos delete", () => {
  it("offers no delete on the default card while another card exists, and says what to do", async () => {
    const card = (uuid: string, last4: string, isDefault: boolean) => ({
      uuid,
      brand: "visa",
      card_number: `•••• ${last4}`,
      expiration: "12/34",
      is_default: isDefault,
      country: "mx",
      free_flow: false,
      holder_name: null,
    });
    fakeApi({ "GET user/payment/methods": ok([card("a", "4242", true), card("b", "4444", false)]) });
    sessionStore.set({ restoring: false, authenticated: true, user: driver({}) });
    render(renderWith(<PaymentMethodsScreen gateway="mx" title="Payment method" />));

    expect(await screen.findByText("To delete this card, first make another one the default.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete Visa ending in 4242/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Delete Visa ending in 4444/ })).toBeInTheDocument();
  });
});
