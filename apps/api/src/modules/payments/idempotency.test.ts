import { describe, expect, it } from "vitest";
import { requestFingerprint } from "./idempotency.ts";

describe("what an Idempotency-Key is bound to", () => {
  const pay = { method: "POST", url: "/api/user/visit/7d1e5a10-0000-4000-8000-00000000000a/pay", body: { a: 1, b: 2 } };

  it("the method, the full path with its parameters, the query and the body", () => {
    const variants = [
      { ...pay, method: "PUT" },
      { ...pay, url: "/api/user/visit/7d1e5a10-0000-4000-8000-00000000000b/pay" },
      { ...pay, url: `${pay.url}?expected_total=100` },
      { ...pay, body: { a: 1, b: 3 } },
      { ...pay, body: null },
    ];
    const fingerprints = new Set([pay, ...variants].map(requestFingerprint));
    expect(fingerprints.size).toBe(variants.length + 1);
  });

  it("not the order of the body's keys", () => {
    expect(requestFingerprint({ ...pay, body: { b: 2, a: 1 } })).toBe(requestFingerprint(pay));
    expect(requestFingerprint({ ...pay, body: undefined })).toBe(requestFingerprint({ ...pay, body: null }));
  });
});
