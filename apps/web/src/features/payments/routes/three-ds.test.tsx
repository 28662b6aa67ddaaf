import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cardRefusal } from "../../../lib/card-refusal.ts";
import { rememberReturnPath, returnPath } from "../lib/redirect.ts";
import { fakeApi, ok, registerPaymentsCatalogue, renderWith } from "../testing/api-fake.tsx";
import ThreeDsScreen from "./three-ds.tsx";

vi.mock("../catalogue.ts", () => ({}));
beforeAll(registerPaymentsCatalogue);
afterEach(() => {
  // Unmounted before the storage is cleared: this file's hook runs before Testing Library's own
  // cleanup, and a screen still mounted (the wizard's, sent back with a refusal) could write it again.
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const visitCharge = {
  payment: "pay-1",
  purpose: "visit",
  status: "succeeded",
  redirect_url: null,
  failure_code: null,
};
const verifiedCharge = ok(visitCharge);

describe("/3ds, back from the bank's challenge", () => {
  it("still knows the way back to the checkout after a reload, until the driver follows it", async () => {
    fakeApi({ "POST user/payment/3ds/complete": verifiedCharge });
    rememberReturnPath("/visita/9d0f6a7e-2b1c-4f7e-9a55-0c1d2e3f4a5b");
    const path = "/3ds?payment=pay-1&status=succeeded";

    const first = render(renderWith(<ThreeDsScreen />, { path }));
    expect(await screen.findByRole("link", { name: "Continue" })).toHaveAttribute(
      "href",
      "/visita/9d0f6a7e-2b1c-4f7e-9a55-0c1d2e3f4a5b",
    );
    first.unmount();

    // The reload: a new page reads the same session storage.
    render(renderWith(<ThreeDsScreen />, { path }));
    const back = await screen.findByRole("link", { name: "Continue" });
    expect(back).toHaveAttribute("href", "/visita/9d0f6a7e-2b1c-4f7e-9a55-0c1d2e3f4a5b");
    await userEvent.click(back);
    expect(returnPath()).toBeNull();
    expect(screen.getByTestId("location")).toHaveTextContent("/visita/9d0f6a7e-2b1c-4f7e-9a55-0c1d2e3f4a5b");
  });

  it("offers the card list when the driver came from nowhere it knows", async () => {
    fakeApi({ "POST user/payment/3ds/complete": verifiedCharge });
    render(renderWith(<ThreeDsScreen />, { path: "/3ds?payment=pay-1&status=succeeded" }));
    expect(await screen.findByRole("link", { name: "Back to my cards" })).toHaveAttribute("href", "/pagos");
  });

  it("speaks of the card when a card was being saved, and of the payment when something was paid", async () => {
    fakeApi({ "POST user/payment/3ds/complete": ok({ ...visitCharge, purpose: "card_verification" }) });
    const card = render(renderWith(<ThreeDsScreen />, { path: "/3ds?payment=pay-1&status=succeeded" }));
    expect(await screen.findByRole("heading", { name: "Card verified" })).toBeVisible();
    card.unmount();

    fakeApi({ "POST user/payment/3ds/complete": verifiedCharge });
    const paid = render(renderWith(<ThreeDsScreen />, { path: "/3ds?payment=pay-1&status=succeeded" }));
    expect(await screen.findByRole("heading", { name: "Payment confirmed" })).toBeVisible();
    paid.unmount();

    fakeApi({
      "POST user/payment/3ds/complete": ok({ ...visitCharge, purpose: "subscription", status: "failed" }),
    });
    render(renderWith(<ThreeDsScreen />, { path: "/3ds?payment=pay-1&status=failed" }));
    expect(await screen.findByRole("heading", { name: "The payment was not completed" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent("Nothing was charged");
  });

  it("sends a card refused while the sign-up wizard saved it back to the wizard, with the reason (docs/decisions/0252)", async () => {
    fakeApi({
      "POST user/payment/3ds/complete": ok({
        ...visitCharge,
        purpose: "card_verification",
        status: "failed",
        failure_code: "invalid_payment",
      }),
    });
    rememberReturnPath("/?country=mx");
    render(renderWith(<ThreeDsScreen />, { path: "/3ds?payment=pay-1&status=failed" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/\?country=mx$/));
    expect(cardRefusal()).toBe("The payment could not be completed.");
    expect(returnPath()).toBeNull();
  });

  it("keeps a card refused from the card list on /3ds, where its link leads back", async () => {
    fakeApi({
      "POST user/payment/3ds/complete": ok({ ...visitCharge, purpose: "card_verification", status: "failed" }),
    });
    rememberReturnPath("/pagos");
    render(renderWith(<ThreeDsScreen />, { path: "/3ds?payment=pay-1&status=failed" }));
    expect(await screen.findByRole("alert")).toBeVisible();
    expect(screen.getByTestId("location")).toHaveTextContent("/3ds");
    expect(cardRefusal()).toBeNull();
  });

  it("also when the check answers the card verification's own refusal code", async () => {
    fakeApi({ "POST user/payment/3ds/complete": { status: 402, body: { error: "invalid_verification_payment" } } });
    rememberReturnPath("/");
    render(renderWith(<ThreeDsScreen />, { path: "/3ds?payment=pay-1&status=failed" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(cardRefusal()).toBe("The card verification charge failed.");
  });
});
