import { PAYABLE_TYPES, type PayableType } from "@estaciona/contracts";
import type { HistoryEntry } from "@estaciona/contracts/schemas/receipts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { idempotencyKey } from "../support/parking-fixtures.ts";
import { KINDS, paidOne as paidOneOf, prepareKindCases } from "../support/payable-kind-cases.ts";

/**
 * The receipts history over every payable kind of the contracts' union (issue 21, issue 26 item 4,
 * docs/decisions/0187), table-driven as payable-kinds.test.ts: a paid charge of each kind the
 * driver bought at a place is one line of the period, named as every payment list names it, and a
 * refund of it is a line of its own, negative, that reads its charge's tag. A card check is not a
 * payment of the driver's and never shows.
 */
describe(`the receipts history lists every payable kind (${testEngine})`, () => {
  let app: TestApp;
  let operator: Awaited<ReturnType<typeof createOperator>>;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
    await prepareKindCases(app);
    operator = await createOperator(app);
  });
  afterAll(async () => app.close());

  const DAY_MS = 24 * 3600_000;
  const period = () =>
    new URLSearchParams({
      from: new Date(Date.now() - DAY_MS).toISOString(),
      to: new Date(Date.now() + DAY_MS).toISOString(),
    }).toString();

  const paidOne = (kind: PayableType) => paidOneOf(app, kind);
  const historyOf = async (headers: Record<string, string>) => {
    const response = await app.inject({ method: "GET", url: `/api/user/receipts/history?${period()}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items as HistoryEntry[];
  };

  it.each(PAYABLE_TYPES)(
    "%s: a paid charge is a line of the history, and its refund a line of its own",
    async (kind) => {
      const { driver, charge } = await paidOne(kind);
      const { sold, words, heldForTheDriver } = KINDS[kind];
      const day = new Intl.DateTimeFormat("es-MX", {
        day: "numeric",
        month: "short",
        timeZone: "America/Monterrey",
      }).format(new Date(charge.created_at));
      const lines = (await historyOf(driver.headers)).filter((entry) => entry.receipt_uuid === charge.id);
      if (!sold) {
        expect(lines).toEqual([]);
        return;
      }
      expect(lines).toEqual([
        {
          payment_uuid: charge.id,
          kind: "charge",
          receipt_uuid: charge.id,
          line: `${words} · ${day}`,
          paid_at: charge.created_at,
          amount: charge.amount,
          currency: charge.currency,
          tag: null,
          cfdi: null,
        },
      ]);

      const tagged = await app.inject({
        method: "PUT",
        url: `/api/user/receipt/${charge.id}/tag`,
        headers: driver.headers,
        payload: { tag: "business" },
      });
      expect(tagged.statusCode, tagged.body).toBe(200);
      // A balance top-up goes back by the driver's payout, not a console refund (docs/decisions/0212).
      if (heldForTheDriver) return;
      const refund = await app.inject({
        method: "POST",
        url: `/api/admin/payment/${charge.id}/refund`,
        headers: { ...operator.headers, "idempotency-key": idempotencyKey() },
        payload: { amount: 100, reason: "Cortesía" },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const after = (await historyOf(driver.headers)).filter((entry) => entry.receipt_uuid === charge.id);
      expect(after).toHaveLength(2);
      const refundLine = after.find((entry) => entry.kind === "refund");
      expect(refundLine).toMatchObject({
        line: `Reembolso · ${words} · ${day}`,
        amount: -100,
        currency: charge.currency,
        tag: "business",
      });
      expect(refundLine?.payment_uuid).not.toBe(charge.id);
      expect(after.find((entry) => entry.kind === "charge")).toMatchObject({ amount: charge.amount, tag: "business" });
    },
  );
});
