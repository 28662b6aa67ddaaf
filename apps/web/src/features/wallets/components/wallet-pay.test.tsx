import { act, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { fakeApi, ok, registerPaymentsCatalogue, renderWith } from "../../payments/testing/api-fake.tsx";
import WalletPay from "./wallet-pay.tsx";

const SCRIPT_URL = "https://secure.nmi.com/token/Collect.js";

beforeAll(registerPaymentsCatalogue);
afterEach(() => {
  // jsdom runs no script: each test loads its own stand-in copies of Collect.js below.
  for (const script of collectScripts()) script.remove();
  delete (window as { CollectJS?: unknown }).CollectJS;
  vi.unstubAllGlobals();
});

const nmiConfig = (wallets: string[]) => ({
  country: "us",
  provider: "nmi",
  form: "nmi",
  public_key: "checkout_public_key",
  script_url: SCRIPT_URL,
  frame_url: null,
  wallets,
});

type Configured = Record<string, unknown> & { callback: (response: unknown) => void };

const collectScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`)];

/**
 * One copy of NMI's Collect.js as the test drives it: the page's script tag "loads" and defines
 * `window.CollectJS`, which records its `configure()` calls.
 */
async function loadCollectJs(replacing?: HTMLScriptElement) {
  let found: HTMLScriptElement | undefined;
  await waitFor(() => {
    found = collectScripts().find((script) => script !== replacing);
    expect(found).toBeDefined();
  });
  const script = found as HTMLScriptElement;
  expect(script.getAttribute("data-tokenization-key")).toBe("checkout_public_key");
  expect(script.getAttribute("data-variant")).toBe("inline");
  const configured: Configured[] = [];
  (window as { CollectJS?: unknown }).CollectJS = {
    configure: (options: Configured) => configured.push(options),
    startPaymentRequest: vi.fn(),
  };
  act(() => {
    script.dispatchEvent(new Event("load"));
  });
  return Object.assign(configured, { script });
}

// The documented shape of a Google Pay answer (docs/decisions/0343).
const googlePayAnswer = {
  tokenType: "googlePay",
  token: "3455zJms-7qA2K2-VdVrSu-Rv7WpvPuG7s8",
  card: { number: "411111******1111", bin: "411111", exp: "1230", hash: "abc", type: "visa" },
  wallet: { cardDetails: "1111", cardNetwork: "VISA", email: null, billingInfo: {}, shippingInfo: {} },
};

function panelApi(wallets: string[]) {
  return fakeApi({
    "GET user/payment/config": ok(nmiConfig(wallets)),
    "POST user/payment/wallet": ok({ uuid: "m-1", wallet: "google_pay", brand: "visa", last4: "1111" }, 201),
  });
}

const panel = (onMethod: (uuid: string) => void, amount = 1250) =>
  renderWith(<WalletPay country="us" amount={amount} currency="usd" disabled={false} onMethod={onMethod} />);

function renderPanel(wallets: string[], onMethod = vi.fn()) {
  const api = panelApi(wallets);
  render(panel(onMethod));
  return { api, onMethod };
}

describe("WalletPay with NMI (Collect.js)", () => {
  it("configures Collect.js's wallet buttons with the total, registers the token and pays with the method", async () => {
    const { api, onMethod } = renderPanel(["google_pay"]);
    const configured = await loadCollectJs();
    await waitFor(() => expect(configured).toHaveLength(1));
    const options = configured[0] as Configured;
    expect(options).toMatchObject({
      variant: "inline",
      price: "12.50",
      currency: "USD",
      country: "US",
      fields: { googlePay: { selector: "#collect-google-pay", buttonLocale: i18n.language } },
    });
    expect(document.querySelector("#collect-google-pay")).not.toBeNull();
    expect(screen.getByText(i18n.t("wallets:or_card"))).toBeTruthy();

    act(() => options.callback(googlePayAnswer));
    await waitFor(() => expect(onMethod).toHaveBeenCalledWith("m-1"));
    expect(api.callsTo("POST", "user/payment/wallet")[0]?.body).toEqual({
      country: "us",
      wallet: "google_pay",
      token: googlePayAnswer.token,
      brand: "visa",
      last4: "1111",
    });
  });

  it("configures Collect.js once with both buttons, through StrictMode and a panel mounted again", async () => {
    vi.stubGlobal("ApplePaySession", { canMakePayments: () => true });
    const api = panelApi(["google_pay", "apple_pay"]);
    const first = vi.fn();
    const view = render(<StrictMode>{panel(first)}</StrictMode>);
    const configured = await loadCollectJs();
    await waitFor(() => expect(configured).toHaveLength(1));
    expect(configured[0]?.fields).toEqual({
      googlePay: { selector: "#collect-google-pay", buttonLocale: i18n.language },
      applePay: { selector: "#collect-apple-pay", totalLabel: "Estaciona" },
    });
    view.unmount();

    const again = vi.fn();
    render(<StrictMode>{panel(again)}</StrictMode>);
    await waitFor(() => expect(document.querySelector("#collect-apple-pay")).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(configured).toHaveLength(1);
    expect(collectScripts()).toHaveLength(1);

    // The one configuration's answer reaches the panel now on screen, not the one that is gone.
    act(() => configured[0]?.callback(googlePayAnswer));
    await waitFor(() => expect(again).toHaveBeenCalledWith("m-1"));
    expect(first).not.toHaveBeenCalled();
    expect(api.callsTo("POST", "user/payment/wallet")).toHaveLength(1);
  });

  it("shows a new total through a fresh copy of Collect.js, never a second configure()", async () => {
    panelApi(["google_pay"]);
    const view = render(panel(vi.fn(), 1250));
    const before = await loadCollectJs();
    await waitFor(() => expect(before).toHaveLength(1));

    view.rerender(panel(vi.fn(), 1375));
    const after = await loadCollectJs(before.script);
    expect(collectScripts()).toEqual([after.script]);
    await waitFor(() => expect(after).toHaveLength(1));
    expect(after[0]).toMatchObject({ price: "13.75", fields: { googlePay: { selector: "#collect-google-pay" } } });
    expect(before).toHaveLength(1);
  });

  it("registers nothing for an answer that is not a wallet's", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { api, onMethod } = renderPanel(["google_pay"]);
    const configured = await loadCollectJs();
    await waitFor(() => expect(configured).toHaveLength(1));
    act(() => configured[0]?.callback({ token: "card-token", card: googlePayAnswer.card }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo("POST", "user/payment/wallet")).toHaveLength(0);
    expect(onMethod).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("charges nothing when the wallet's sheet is closed (Collect.js never answers)", async () => {
    const { api, onMethod } = renderPanel(["google_pay"]);
    const configured = await loadCollectJs();
    await waitFor(() => expect(configured).toHaveLength(1));
    expect(api.callsTo("POST", "user/payment/wallet")).toHaveLength(0);
    expect(onMethod).not.toHaveBeenCalled();
  });

  it("leaves Apple Pay out where Safari cannot pay with it", async () => {
    renderPanel(["google_pay", "apple_pay"]);
    const configured = await loadCollectJs();
    await waitFor(() => expect(configured).toHaveLength(1));
    expect(configured[0]?.fields).not.toHaveProperty("applePay");
    expect(document.querySelector("#collect-apple-pay")).toBeNull();
  });

  it("shows nothing and loads nothing when the gateway lists no wallet", async () => {
    const { api } = renderPanel([]);
    await waitFor(() => expect(api.callsTo("GET", "user/payment/config")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(collectScripts()).toHaveLength(0);
    expect(screen.queryByText(i18n.t("wallets:or_card"))).toBeNull();
  });
});
