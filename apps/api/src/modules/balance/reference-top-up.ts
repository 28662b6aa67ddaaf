import { BALANCE_MIN_TOP_UP } from "@estaciona/contracts/balance";
import { formatMoney } from "@estaciona/contracts/money";
import type { ReferenceTopUpAnswer, ReferenceTopUpBody } from "@estaciona/contracts/schemas/balance";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoAfter } from "../../lib/time.ts";
import { findLocationById } from "../parking/locations/service.ts";
import {
  chargeByReference,
  chargeFailure,
  findChargeByIdempotencyKey,
  type LedgerDeps,
  REFERENCE_LIFETIME_SECONDS,
  referenceOfCharge,
} from "../payments/ledger.ts";
import { ensureBalance } from "../payments/service.ts";
import { assertNotSuspendedAt } from "../users/suspensions.ts";
import { PAYABLE_TOP_UP } from "./payable.ts";
import { findTopUp } from "./repository.ts";
import { balanceOf, claimTopUp } from "./service.ts";

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
  const location = await findLocationById(deps.db, body.location_uuid);
  if (location?.active !== 1) throw new AppError("location_not_available");
  await assertNotSuspendedAt(deps.db, user.id, location.id);
  const min = BALANCE_MIN_TOP_UP[location.currency];
  if (body.amount < min)
    throw new AppError("invalid_data", {
      messageKey: "payments.balance_below_minimum",
      params: { min: formatMoney(min, location.currency) },
    });
  const owner = { userId: user.id, organisationId: location.organisation_id, currency: location.currency };
  let balanceId: string | undefined;
  const topUpId = newId();
  const result = await chargeByReference(deps, {
    userId: user.id,
    purpose: "balance",
    payable: { type: PAYABLE_TOP_UP, id: topUpId, locationId: location.id, vehicleId: null },
    breakdown: { subtotal: body.amount, convenience_fee: 0, processing_fee: 0, tax: 0, total: body.amount },
    currency: location.currency,
    rail: body.rail,
    idempotencyKey,
    description: `Saldo · ${location.short_name ?? location.name}`,
    payer: {
      name: [user.first_name, user.last_name].filter(Boolean).join(" ") || user.phone,
      email: user.email,
      phone: user.phone,
    },
    expiresAt: isoAfter(REFERENCE_LIFETIME_SECONDS),
    returnOrigin,
    lockPayable: async (tx) => {
      balanceId = (await ensureBalance(tx, owner)).id;
      await claimTopUp(tx, user, balanceId, topUpId, location.id, body.amount);
    },
  });
  const failure = chargeFailure(result);
  if (failure) throw failure;
  balanceId ??= (await ensureBalance(deps.db, owner)).id;
  return {
    balance: await balanceOf(deps.db, user.id, balanceId),
    reference: await referenceOfCharge(deps.db, result.payment.id),
  };
}
