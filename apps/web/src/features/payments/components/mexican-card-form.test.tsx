import { CARD_RELOAD_DELAY_MS } from "@estaciona/contracts";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeErrorDialog, errorDialogStore } from "../../../lib/error-dialog.ts";
import { i18n } from "../../../lib/i18n.ts";
import {
  driver,
  fakeApi,
  ok,
  postFromFrame,
  refused,
  registerPaymentsCatalogue,
  renderWith,
  sandboxConfig,
} from "../testing/api-fake.tsx";
import MexicanCardForm from "./mexican-card-form.tsx";

vi.mock("../catalogue.ts", () => ({}));
beforeAll(registerPaymentsCatalogue);

const savedCard = {
  payment_method: {
    uuid: "b3c1d1e0-0000-4000-8000-000000000001",
    card_number: "•••• 4242",
    expiration: "12/30",
    is_default: true,
    brand: "visa",
    country: "mx",
    free_flow: false,
    holder_name: "Ana López",
  },
  verification: { payment: "p1", status: "succeeded", redirect_url: null },
};

let checkoutRequests = 0;
const mexicanApi = (save: Parameters<typeof fakeApi>[0][string] = ok(savedCard, 201)) =>
  fakeApi({
    "GET user/payment/config": ok(sandboxConfig("conekta")),
    "GET user/conekta/token": () => ok(`checkout-${++checkoutRequests}`),
    "POST user/payment/method": save,
    "GET user/view": ok(driver({ payment_methods_mx: true })),
  });

const frame = () => document.querySelector("iframe");

beforeEach(() => {
  checkoutRequests = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  closeErrorDialog();
});

describe("Mexican card form (docs/product/entities-and-states.md and docs/product/calls-and-errors.md)", () => {
  it("shows the no-charge notice and the provider's frame, in Spanish, with the checkout request id", async () => {
    mexicanApi();
    render(renderWith(<MexicanCardForm onSaved={() => {}} />));
    expect(screen.getByText(i18n.t("payments:no_charge_notice"))).toBeInTheDocument();
    await waitFor(() => expect(frame()).not.toBeNull());
    const src = new URL(frame()?.getAttribute("src") ?? "", window.location.href);
    expect(src.pathname).toBe("/sandbox/card-form");
    expect(src.searchParams.get("provider")).toBe("conekta");
    expect(src.searchParams.get("lang")).toBe("es");
    expect(src.searchParams.get("checkout_request_id")).toBe("checkout-1");
    // Every card field is inside the provider's frame: none in our DOM.
    expect(document.querySelector("input")).toBeNull();
  });

  it("ignores messages from another origin, another window or of an unknown shape", async () => {
    const api = mexicanApi();
    render(renderWith(<MexicanCardForm onSaved={() => {}} />));
    await waitFor(() => expect(frame()).not.toBeNull());
    const iframe = frame() as HTMLIFrameElement;
    act(() => {
      postFromFrame(iframe, { type: "conekta:token", token: "tok_evil" }, "https://evil.example");
      window.dispatchEvent(
        new MessageEvent("message", {
          data: { type: "conekta:token", token: "tok_other" },
          origin: window.location.origin,
        }),
      );
      postFromFrame(iframe, { type: "conekta:token", token: 42 });
      postFromFrame(iframe, "conekta:token tok_string");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo("POST", "user/payment/method")).toHaveLength(0);
  });

  it("saves the token, refreshes the user and closes", async () => {
    const api = mexicanApi();
    const onSaved = vi.fn();
    render(renderWith(<MexicanCardForm onSaved={onSaved} />));
    await waitFor(() => expect(frame()).not.toBeNull());
    act(() => postFromFrame(frame() as HTMLIFrameElement, { type: "conekta:token", token: "tok_good" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo("POST", "user/payment/method")[0]?.body).toEqual({ token: "tok_good", free_flow: false });
    expect(api.callsTo("GET", "user/view")).toHaveLength(1);
  });

  it("follows a redirect query instead of closing (redirect wins)", async () => {
    mexicanApi();
    const onSaved = vi.fn();
    render(renderWith(<MexicanCardForm onSaved={onSaved} />, { path: "/pagos?redirect=%2Fcheckout%2Fabc" }));
    await waitFor(() => expect(frame()).not.toBeNull());
    act(() => postFromFrame(frame() as HTMLIFrameElement, { type: "conekta:token", token: "tok_good" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/checkout/abc"));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a token error in warning style and keeps the frame", async () => {
    mexicanApi();
    render(renderWith(<MexicanCardForm onSaved={() => {}} />));
    await waitFor(() => expect(frame()).not.toBeNull());
    act(() =>
      postFromFrame(frame() as HTMLIFrameElement, {
        type: "conekta:error",
        error: { object: "error", details: [{ code: "invalid_number", message: "Card number is not valid." }] },
      }),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveClass("notice-warning");
    expect(alert).toHaveTextContent("Card number is not valid.");
    expect(frame()).not.toBeNull();
  });

  it("on a failed save shows payment_method_warning, clears the frame and reloads it after 1 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mexicanApi(refused("invalid_verification_payment"));
    const onSaved = vi.fn();
    render(renderWith(<MexicanCardForm onSaved={onSaved} />));
    await waitFor(() => expect(frame()).not.toBeNull());
    act(() => postFromFrame(frame() as HTMLIFrameElement, { type: "conekta:token", token: "tok_declined" }));
    await waitFor(() => expect(errorDialogStore.get()).not.toBeNull());
    expect(errorDialogStore.get()).toContain(i18n.t("payments:payment_method_warning"));
    expect(errorDialogStore.get()).toContain(i18n.t("errors:api_invalid_verification_payment"));
    expect(frame()).toBeNull();

    act(() => vi.advanceTimersByTime(CARD_RELOAD_DELAY_MS - 50));
    expect(frame()).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    await waitFor(() => expect(frame()).not.toBeNull());
    // A fresh provider session: a new checkout request.
    expect(api.callsTo("GET", "user/conekta/token")).toHaveLength(2);
    expect(new URL(frame()?.src ?? "").searchParams.get("checkout_request_id")).toBe("checkout-2");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("uses NetPay's save call on /pagos-netpay", async () => {
    const api = fakeApi({
      "GET user/payment/config": ok(sandboxConfig("netpay")),
      "POST user/netpay/payment/method": ok(savedCard, 201),
      "GET user/view": ok(driver({ payment_methods_mx: true })),
    });
    const onSaved = vi.fn();
    render(renderWith(<MexicanCardForm gateway="netpay" onSaved={onSaved} />));
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(new URL(frame()?.src ?? "").searchParams.get("provider")).toBe("netpay");
    act(() => postFromFrame(frame() as HTMLIFrameElement, { type: "netpay:token", token: "tok_np" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo("POST", "user/netpay/payment/method")[0]?.body).toEqual({ token: "tok_np", free_flow: false });
    expect(api.callsTo("GET", "user/conekta/token")).toHaveLength(0);
  });
});
