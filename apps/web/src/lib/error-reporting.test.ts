import type { ErrorEvent } from "@sentry/browser";
import { describe, expect, it } from "vitest";
import { scrub } from "./error-reporting.ts";

describe("error reports", () => {
  it("leave without query strings, fragments, user or headers", () => {
    const event = scrub({
      type: undefined,
      request: {
        url: "https://estaciona.example/valet/claim?token=secret-claim#frag",
        method: "GET",
        headers: { Authorization: "Bearer secret-token" },
        cookies: { session: "x" },
      },
      user: { id: "user-1", ip_address: "10.1.2.3" },
      breadcrumbs: [
        { category: "fetch", data: { url: "/api/user/view?phone=5215512345678", method: "GET", status_code: 200 } },
        { category: "navigation", data: { from: "/extender/abc?t=secret", to: "/recibo/x?t=secret" } },
      ],
    } as ErrorEvent);
    const sent = JSON.stringify(event);
    expect(sent).not.toMatch(/secret|5215512345678|user-1|10\.1\.2\.3|Authorization/);
    expect(event.request?.url).toBe("https://estaciona.example/valet/claim");
    expect(event.breadcrumbs?.[1]?.data).toEqual({ from: "/extender/abc", to: "/recibo/x" });
  });
});
