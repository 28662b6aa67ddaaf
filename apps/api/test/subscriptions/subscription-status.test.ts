import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "@estaciona/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AFTER_REFUND,
  afterFailure,
  afterPaid,
  cancellation,
  endsAtPeriodEnd,
  expiresUnpaid,
  isEnded,
  mayMove,
  PASS_TRANSITIONS,
  payableByDriver,
  RENEWAL_RETRY_HOURS,
} from "../../src/modules/subscriptions/status.ts";

/** The pass status machine (subscriptions/status.ts) on its own: no database, every status and event. */

type Pass = { status: SubscriptionStatus; failed_attempts: number; cancel_at_period_end: number };
type Event = "paid" | "failed" | "unseen" | "cancel" | "expire" | "period_end" | "refund";

const NOW = Date.parse("2026-11-28T12:00:00Z");

/** One event applied as the code paths apply it (billing.ts, renewals.ts, passes.ts, purchase.ts). */
function apply(pass: Pass, event: Event): Pass {
  switch (event) {
    case "paid": {
      const next = afterPaid(pass.status);
      return "refund" in next ? pass : { ...pass, status: next.status, failed_attempts: 0 };
    }
    case "failed": {
      const next = afterFailure(pass.status, pass.failed_attempts, NOW);
      return next ? { ...pass, status: next.status, failed_attempts: next.failed_attempts } : pass;
    }
    case "unseen": {
      const next = afterFailure(pass.status, pass.failed_attempts, NOW, false);
      return next ? { ...pass, status: next.status, failed_attempts: next.failed_attempts } : pass;
    }
    case "cancel": {
      const move = cancellation(pass);
      if (move.kind === "refused") return pass;
      if (move.kind === "at_period_end") return { ...pass, cancel_at_period_end: 1 };
      return { ...pass, status: move.status };
    }
    case "expire":
      return expiresUnpaid(pass.status) ? { ...pass, status: "expired" } : pass;
    case "period_end":
      return endsAtPeriodEnd(pass) ? { ...pass, status: "canceled" } : pass;
    case "refund":
      // Only a pass with a paid period is refunded: an expired one never had one.
      return pass.status === "expired" ? pass : { ...pass, status: AFTER_REFUND };
  }
}

const status = fc.constantFrom(...SUBSCRIPTION_STATUSES);
const pass = fc.record({
  status,
  failed_attempts: fc.integer({ min: 0, max: 6 }),
  cancel_at_period_end: fc.constantFrom(0, 1),
});
/** A pass as the purchase makes it: charged today (`incomplete`) or starting later (`trial`). */
const newPass = fc.record({
  status: fc.constantFrom<SubscriptionStatus>("incomplete", "trial"),
  failed_attempts: fc.constant(0),
  cancel_at_period_end: fc.constant(0),
});
const event = fc.constantFrom<Event>("paid", "failed", "unseen", "cancel", "expire", "period_end", "refund");

describe("pass status machine", () => {
  it("lists a move for every status, and only to statuses that exist", () => {
    for (const from of SUBSCRIPTION_STATUSES)
      for (const to of PASS_TRANSITIONS[from]) expect(SUBSCRIPTION_STATUSES).toContain(to);
    expect(Object.keys(PASS_TRANSITIONS).sort()).toEqual([...SUBSCRIPTION_STATUSES].sort());
  });

  it("never makes a move the table does not list, from a new pass through any events", () => {
    fc.assert(
      fc.property(newPass, fc.array(event, { maxLength: 30 }), (start, events) => {
        let current: Pass = start;
        for (const next of events) {
          const after = apply(current, next);
          expect(mayMove(current.status, after.status), `${current.status} -${next}-> ${after.status}`).toBe(true);
          current = after;
        }
      }),
    );
  });

  it("keeps an ended pass ended: a late payment is refunded, nothing else moves it", () => {
    fc.assert(
      fc.property(fc.constantFrom<SubscriptionStatus>("canceled", "expired"), fc.nat(6), (ended, attempts) => {
        expect(afterPaid(ended)).toEqual({ refund: true });
        expect(afterFailure(ended, attempts, NOW)).toBeNull();
        expect(cancellation({ status: ended, cancel_at_period_end: 0 }).kind).toBe("refused");
        expect(payableByDriver(ended)).toBe(false);
        expect(PASS_TRANSITIONS[ended]).toEqual([]);
      }),
    );
  });

  it("retries a failed renewal after 24 h, 48 h, 48 h and pauses it at the fourth failure", () => {
    fc.assert(
      fc.property(fc.constantFrom<SubscriptionStatus>("active", "trial"), (from) => {
        let current: Pass = { status: from, failed_attempts: 0, cancel_at_period_end: 0 };
        for (const [index, hours] of RENEWAL_RETRY_HOURS.entries()) {
          const next = afterFailure(current.status, current.failed_attempts, NOW);
          expect(next).toEqual({
            status: "past_due",
            failed_attempts: index + 1,
            next_retry_at: new Date(NOW + hours * 3600_000).toISOString(),
            notify: true,
          });
          current = { ...current, status: "past_due", failed_attempts: index + 1 };
        }
        expect(afterFailure(current.status, current.failed_attempts, NOW)).toMatchObject({
          status: "unpaid",
          next_retry_at: null,
        });
      }),
    );
  });

  it("tells the driver of every failure but a first charge's, answered in the app", () => {
    fc.assert(
      fc.property(pass, ({ status: from, failed_attempts }) => {
        const next = afterFailure(from, failed_attempts, NOW);
        if (next) expect(next.notify).toBe(from !== "incomplete");
      }),
    );
  });

  it("retries at once, untold, a renewal the provider never saw — never pausing the pass for it", () => {
    fc.assert(
      fc.property(pass, ({ status: from, failed_attempts }) => {
        const next = afterFailure(from, failed_attempts, NOW, false);
        if (isEnded(from)) {
          expect(next).toBeNull();
          return;
        }
        expect(next?.notify).toBe(false);
        expect(next?.failed_attempts).toBe(failed_attempts + 1);
        if (from === "incomplete" || from === "unpaid")
          expect(next).toMatchObject({ status: from, next_retry_at: null });
        else expect(next).toMatchObject({ status: "past_due", next_retry_at: new Date(NOW).toISOString() });
      }),
    );
  });

  it("pays a live pass back to active and clears its failures", () => {
    fc.assert(
      fc.property(pass, (start) => {
        fc.pre(!isEnded(start.status));
        expect(apply(start, "paid")).toMatchObject({ status: "active", failed_attempts: 0 });
      }),
    );
  });

  it("cancels a running pass at its period's end and one not started or paused at once", () => {
    fc.assert(
      fc.property(pass, (start) => {
        const move = cancellation(start);
        if (isEnded(start.status) || start.cancel_at_period_end === 1) expect(move.kind).toBe("refused");
        else if (start.status === "active" || start.status === "past_due") expect(move.kind).toBe("at_period_end");
        else expect(move).toEqual({ kind: "now", status: "canceled", releasesPromo: start.status !== "unpaid" });
      }),
    );
  });

  it("lets the driver pay by hand only a pass that waits for its money", () => {
    const payable = SUBSCRIPTION_STATUSES.filter(payableByDriver);
    expect(payable.sort()).toEqual(["incomplete", "past_due", "unpaid"]);
  });
});
