import { describe, expect, it } from "vitest";
import { scanOutcome } from "./scanned-sign.ts";

const PLACE = "7d1e5a10-0000-4000-8000-000000000101";
const verified = { status: "verified", operator: "Estaciona Monterrey", place: "Parque Fundidora" } as const;

describe("scanOutcome", () => {
  it("opens a verified sign on this host as an in-app path, keeping its signature", () => {
    expect(scanOutcome(`https://estaciona.mx/loc/${PLACE}?s=1.abc`, verified, "https://estaciona.mx")).toEqual({
      kind: "open",
      operator: "Estaciona Monterrey",
      place: "Parque Fundidora",
      target: { path: `/loc/${PLACE}?s=1.abc` },
    });
  });

  it("opens a verified sign of another of our hosts at its full address (its own theme and session)", () => {
    const link = `https://us.estaciona.mx/loc/${PLACE}?s=1.abc`;
    expect(scanOutcome(link, verified, "https://estaciona.mx")).toMatchObject({ target: { href: link } });
  });

  it("never opens what the API did not verify, and never trusts a verified answer for a non-link", () => {
    const none = { operator: null, place: null };
    expect(scanOutcome("https://x.example/", { status: "forged", ...none }, "https://a.mx").kind).toBe("forged");
    expect(scanOutcome("https://a.mx/", { status: "unsigned", ...none }, "https://a.mx").kind).toBe("unsigned");
    expect(scanOutcome("javascript:alert(1)", verified, "https://a.mx")).toEqual({ kind: "foreign", where: null });
    expect(scanOutcome("https://x.example/a", { status: "foreign", ...none }, "https://a.mx")).toEqual({
      kind: "foreign",
      where: "x.example",
    });
  });
});
