import { isErrorCode } from "@estaciona/contracts";
import { BALANCE_CAP, BALANCE_MIN_TOP_UP } from "@estaciona/contracts/balance";
import type { Balance, TopUpAnswer, TopUpBody } from "@estaciona/contracts/schemas/balance";
import type { Executor } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import {
  type ChargeResult,
  chargeFailure,
  chargePayable,
  findChargeByIdempotencyKey,
  type LedgerDeps,
} from "../payments/ledger.ts";
import {
  type BalanceRow,
  findBalanceForLocation,
  findCardToCharge,
  listBalancesOfUser,
  listMovementsOf,
} from "../payments/service.ts";
import { PAYABLE_TOP_UP } from "./payable.ts";
import { findTopUp } from "./repository.ts";
import { prepareTopUp } from "./top-up-charge.ts";

/** The prepaid balance (docs/decisions/0210): what the driver holds, its movements, a top-up by card. */

const MOVEMENTS_SHOWN = 20;

export async function presentBalance(
  db: Executor,
  balance: BalanceRow & { organisation_name: string },
): Promise<Balance> {
  const movements = await listMovementsOf(db, balance.id, MOVEMENTS_SHOWN);
  return {
    uuid: balance.id,
    organisation_name: balance.organisation_name,
    currency: balance.currency,
    amount: balance.amount,
    cap: BALANCE_CAP[balance.currency],
    min_top_up: BALANCE_MIN_TOP_UP[balance.currency],
    movements: movements.map((movement) => ({
      uuid: movement.id,
      kind: movement.kind,
      amount: movement.amount,
      payment_uuid: movement.payment_id,
      product: movement.payable_type,
      place: movement.location_short_name ?? movement.location_name,
      created_at: movement.created_at,
    })),
  };
}

/** `GET user/balances`: every balance of the driver, or (with a location) the one that pays there. */
export async function listBalances(db: Executor, userId: string, locationId?: string): Promise<Balance[]> {
  const only = locationId ? (await findBalanceForLocation(db, userId, locationId))?.id : undefined;
  if (locationId && !only) return [];
  const balances = (await listBalancesOfUser(db, userId)).filter((balance) => !only || balance.id === only);
  return Promise.all(balances.map((balance) => presentBalance(db, balance)));
}

export async function balanceOf(db: Executor, userId: string, balanceId: string): Promise<Balance> {
  const found = (await listBalancesOfUser(db, userId)).find((balance) => balance.id === balanceId);
  if (!found) throw new AppError("object_not_found");
  return presentBalance(db, found);
}

const paymentOf = (result: ChargeResult): TopUpAnswer["payment"] => ({
  uuid: result.payment.id,
  status: result.status,
  redirect_url: result.status === "requires_action" ? result.redirectUrl : null,
});

/** `POST user/balance/top-up`: the balance of the location's organisation, topped up by card (idempotent). */
export async function topUp(
  deps: LedgerDeps,
  user: Row<"users">,
  body: TopUpBody,
  idempotencyKey: string,
  returnOrigin: string,
): Promise<TopUpAnswer> {
  const earlier = await findChargeByIdempotencyKey(deps.db, user.id, idempotencyKey);
  if (earlier?.payable_type === PAYABLE_TOP_UP) {
    const topUp = await findTopUp(deps.db, earlier.payable_id);
    if (!topUp) throw new AppError("object_not_found");
    if (earlier.status === "failed")
      throw new AppError(isErrorCode(earlier.failure_code) ? earlier.failure_code : "invalid_payment");
    return {
      balance: await balanceOf(deps.db, user.id, topUp.balance_id),
      payment: {
        uuid: earlier.id,
        status: earlier.status === "refunded" ? "succeeded" : earlier.status,
        redirect_url: earlier.status === "requires_action" ? earlier.action_url : null,
      },
    };
  }
  const prepared = await prepareTopUp(deps, user, body.location_uuid, body.amount);
  const paymentMethodId =
    body.payment_method_uuid ?? (await findCardToCharge(deps.db, user.id, prepared.location.country, false))?.id;
  if (!paymentMethodId) throw new AppError("no_payment_method");
  const result = await chargePayable(deps, { ...prepared.charge, paymentMethodId, idempotencyKey, returnOrigin });
  const failure = chargeFailure(result);
  if (failure) throw failure;
  return { balance: await balanceOf(deps.db, user.id, await prepared.balanceId()), payment: paymentOf(result) };
}
