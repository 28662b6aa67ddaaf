import type { ReferenceRail } from "@estaciona/contracts/schemas/references";
import type { SubscriptionCharge } from "@estaciona/contracts/schemas/subscriptions";
import { newId } from "../../lib/ids.ts";
import { isoAfter } from "../../lib/time.ts";
import {
  chargeByReference,
  chargeFailure,
  REFERENCE_LIFETIME_SECONDS,
  referenceHoldsCap,
  referenceHoldsFull,
  referencePayer,
} from "../payments/ledger.ts";
import { type BillingDeps, periodCharge } from "./billing.ts";
import { presentDetail } from "./presenter.ts";
import type { PeriodPrice } from "./pricing.ts";
import { findSubscriptionById } from "./repository/passes.ts";
import { countPlacesHeldByReferences } from "./repository/periods.ts";
import { type PassOrder, reservePass } from "./reservation.ts";

/**
 * A pass's first period paid later, in cash at OXXO or by SPEI (docs/decisions/0314): the pass waits
 * `incomplete` holding its place until the reference expires (a day at most); the place, the driver's
 * and the plan's caps on unpaid references and the charge are one transaction, so a refused
 * reference writes nothing. The gateway's webhook (or the reconciliation's lookup) pays the period
 * through the ledger like a card's charge, and the pass becomes active; at the expiry the charge
 * fails and the renewal sweep lets the place go.
 */
export async function buyPassByReference(
  deps: BillingDeps,
  order: PassOrder,
  amounts: PeriodPrice["amounts"],
  rail: ReferenceRail,
  idempotencyKey: string,
): Promise<SubscriptionCharge> {
  const periodId = newId();
  // The pass holds its place exactly as long as its reference can be paid (not a card's 23 hours).
  const expiresAt = isoAfter(REFERENCE_LIFETIME_SECONDS);
  const pass = {
    user_id: order.user.id,
    location_id: order.location.id,
    vehicle_id: order.vehicle.id,
  };
  const description = `${order.location.name} · ${order.plan.name} · ${order.vehicle.plate}`;
  const result = await chargeByReference(deps, {
    ...periodCharge({ id: periodId, ...amounts }, pass, description),
    rail,
    idempotencyKey,
    payer: referencePayer(order.user),
    expiresAt,
    returnOrigin: order.returnOrigin,
    lockPayable: async (tx) => {
      await reservePass(tx, { ...order, expiresAt }, periodId);
      const { availability } = order.plan;
      if (
        availability !== null &&
        (await countPlacesHeldByReferences(tx, order.plan.id)) >= referenceHoldsCap(availability)
      )
        throw referenceHoldsFull();
    },
  });
  const failure = chargeFailure(result);
  if (failure) throw failure;
  const subscription = await findSubscriptionById(deps.db, order.subscriptionId);
  if (!subscription) throw new Error(`Pass ${order.subscriptionId} vanished`);
  return {
    subscription: await presentDetail(deps.db, subscription),
    payment: {
      uuid: result.payment.id,
      status: result.status,
      redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
    },
  };
}
