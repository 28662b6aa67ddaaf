import { describe, expect, it } from "vitest";
import { pathTo, signInPath } from "./paths.ts";

describe("links from the route table (docs/product/screens-and-routes.md)", () => {
  it("fills a route's parameters and adds a query", () => {
    expect(pathTo("visit", { uuid: "4f0c" })).toBe("/visita/4f0c");
    expect(pathTo("visitReceipt", { uuid: "4f0c" })).toBe("/visita/4f0c/recibo");
    expect(pathTo("payments")).toBe("/pagos");
    expect(pathTo("payments", undefined, { redirect: "/checkout/4f0c" })).toBe("/pagos?redirect=%2Fcheckout%2F4f0c");
  });

  it("encodes what a parameter holds, so it stays one path segment", () => {
    expect(pathTo("promo", { code: "a/b c" })).toBe("/promo/a%2Fb%20c");
  });

  it("sends to sign-in with the way back, and checkout=1 when asked", () => {
    expect(signInPath()).toBe("/");
    expect(signInPath("/loc/7d1e")).toBe("/?authRedirect=%2Floc%2F7d1e");
    expect(signInPath("/eventos/1", { checkout: true })).toBe("/?authRedirect=%2Feventos%2F1&checkout=1");
  });
});
