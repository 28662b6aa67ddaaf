import { afterEach, describe, expect, it, vi } from "vitest";
import { configureCollectJs } from "./collect-js.ts";
import type { CollectJsOptions } from "./provider-globals.ts";

const source = { scriptUrl: "https://secure.nmi.com/token/Collect.js", tokenizationKey: "checkout_public_key" };
const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>(`script[src="${source.scriptUrl}"]`)];

afterEach(() => {
  for (const script of scripts()) script.remove();
  delete (window as { CollectJS?: unknown }).CollectJS;
});

/** The page's one Collect.js script "loads" (jsdom runs none) and defines a CollectJS that records configure(). */
function load(event: "load" | "error" = "load") {
  const [script] = scripts();
  if (!script) throw new Error("no Collect.js script on the page");
  const configure = vi.fn();
  (window as { CollectJS?: unknown }).CollectJS = { configure, startPaymentRequest: vi.fn() };
  script.dispatchEvent(new Event(event));
  return configure;
}

const cardFields = (callback = vi.fn()): CollectJsOptions => ({
  variant: "inline",
  fields: { ccnumber: { selector: "#collect-ccnumber" } },
  callback,
  fieldsAvailableCallback: vi.fn(),
});

const walletButtons = (price: string, callback = vi.fn()): CollectJsOptions => ({
  variant: "inline",
  price,
  currency: "USD",
  country: "US",
  fields: { googlePay: { selector: "#collect-google-pay" } },
  callback,
});

describe("configureCollectJs", () => {
  it("configures one copy once for the same configuration, whoever asks, and answers whoever asked last", async () => {
    const first = configureCollectJs(source, walletButtons("12.50"));
    first.release();
    const answer = vi.fn();
    const second = configureCollectJs(source, walletButtons("12.50", answer));
    const configure = load();
    expect(await first.ready).toBeNull();
    expect(await second.ready).not.toBeNull();
    const third = configureCollectJs(source, walletButtons("12.50", answer));
    await third.ready;
    expect(configure).toHaveBeenCalledTimes(1);
    expect(scripts()).toHaveLength(1);

    configure.mock.calls[0]?.[0].callback({ token: "t-1", tokenType: "googlePay" });
    expect(answer).toHaveBeenCalledWith({ token: "t-1", tokenType: "googlePay" });
    second.release();
    third.release();
    configure.mock.calls[0]?.[0].callback({ token: "t-2", tokenType: "googlePay" });
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it("loads a fresh copy for another configuration instead of configuring the loaded one again", async () => {
    const card = cardFields();
    await Promise.all([configureCollectJs(source, card).ready, Promise.resolve(load())]);
    const cardCopy = scripts()[0];
    const wallets = configureCollectJs(source, walletButtons("12.50"));
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).not.toBe(cardCopy);
    const configure = load();
    await wallets.ready;
    expect(configure).toHaveBeenCalledTimes(1);
    expect(configure.mock.calls[0]?.[0]).toMatchObject({ price: "12.50", fields: { googlePay: {} } });
    expect(configure.mock.calls[0]?.[0].fields).not.toHaveProperty("ccnumber");
  });

  it("takes the latest configuration asked before the script has loaded, without loading twice", async () => {
    const early = configureCollectJs(source, walletButtons("12.50"));
    const late = configureCollectJs(source, walletButtons("13.00"));
    expect(scripts()).toHaveLength(1);
    const configure = load();
    expect(await early.ready).toBeNull();
    await late.ready;
    expect(configure).toHaveBeenCalledTimes(1);
    expect(configure.mock.calls[0]?.[0]).toMatchObject({ price: "13.00" });
  });

  it("answers null when the script cannot load, and tries again on the next request", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const failed = configureCollectJs(source, cardFields());
    load("error");
    expect(await failed.ready).toBeNull();
    expect(scripts()).toHaveLength(0);
    configureCollectJs(source, cardFields());
    expect(scripts()).toHaveLength(1);
    warn.mockRestore();
  });
});
