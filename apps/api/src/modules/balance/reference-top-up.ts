import type { ReferenceTopUpAnswer, ReferenceTopUpBody } from "@estaciona/contracts/schemas/balance";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { isoAfter } from "../../lib/time.ts";
import {
  chargeByReference,
  chargeFailure,
  findChargeByIdempotencyKey,
  type LedgerDeps,
  REFERENCE_LIFETIME_SECONDS,
  referenceOfCharge,
  referencePayer,
} from "../payments/ledger.ts";
import { PAYABLE_TOP_UP } from "./payable.ts";
import { findTopUp } from "./repository.ts";
import { balanceOf } from "./service.ts";
import { prepareTopUp } from "./top-up-charge.ts";

/**
 * `POST user/balance/top-up/reference` (docs/decisions/0280): a top-up paid later, in cash at OXXO or by
 * SPEI, for a driver with no card. The top-up waits `pending` (counted against the cap) with its
 * reference charge; the gateway's webhook credits the balance once it is paid, its expiry fails it.
 * Nothing scarce is held: a balance has no places.
 */
export async function topUpByReference(
  deps: LedgerDeps,
  user: Row<"users">,
  body: ReferenceTopUpBody,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<ReferenceTopUpAnswer> {
  const earlier = await findChargeByIdempotencyKey(deps.db, user.id, idempotencyKey);
  if (earlier) {
    const topUp = earlier.payable_type === PAYABLE_TOP_UP ? await findTopUp(deps.db, earlier.payable_id) : undefined;
    if (!topUp || topUp.amount !== body.amount)
      throw new AppError("invalid_data", { messageKey: "errors.api_idempotency_key_reused" });
    return {
      balance: await balanceOf(deps.db, user.id, topUp.balance_id),
      reference: await referenceOfCharge(deps.db, earlier.id),
    };
  }
  const prepared = await prepareTopUp(deps, user, body.location_uuid, body.amount);
  const result = await chargeByReference(deps, {
    ...prepared.charge,
    rail: body.rail,
    idempotencyKey,
    payer: referencePayer(user),
    expiresAt: isoAfter(REFERENCE_LIFETIME_SECONDS),
    returnOrigin,
  });
  const failure = chargeFailure(result);
  if (failure) throw failure;
  return {
    balance: await balanceOf(deps.db, user.id, await prepared.balanceId()),
    reference: await referenceOfCharge(deps.db, result.payment.id),
  };
}
