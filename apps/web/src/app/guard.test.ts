import { describe, expect, it } from "vitest";
import { guardRedirect, isCheckoutRoute } from "./guard.ts";

describe("guardRedirect (docs/product/screens-and-routes.md)", () => {
  it("lets a driver with a refresh token in", () => {
    expect(guardRedirect("/vehiculos", "", true)).toBeNull();
  });

  it("sends a signed-out driver to / with the wanted path", () => {
    expect(guardRedirect("/vehiculos", "", false)).toBe("/?authRedirect=%2Fvehiculos");
    expect(guardRedirect("/pensiones/historial", "?page=2", false)).toBe(
      "/?authRedirect=%2Fpensiones%2Fhistorial%3Fpage%3D2",
    );
  });

  it("sends /dashboard to / without authRedirect", () => {
    expect(guardRedirect("/dashboard", "", false)).toBe("/");
  });

  it("adds checkout=1 for checkout, event and parking-meter detail routes", () => {
    for (const path of ["/checkout/abc", "/eventos/abc", "/events/abc", "/parquimetros/abc", "/parking-meters/abc"]) {
      const target = new URL(guardRedirect(path, "", false)!, "http://host");
      expect(target.searchParams.get("checkout")).toBe("1");
      expect(target.searchParams.get("authRedirect")).toBe(path);
    }
  });

  it("does not add checkout=1 elsewhere", () => {
    expect(isCheckoutRoute("/parquimetros")).toBe(false);
    expect(isCheckoutRoute("/visita/abc")).toBe(false);
    expect(isCheckoutRoute("/pensiones/abc")).toBe(false);
  });
});
