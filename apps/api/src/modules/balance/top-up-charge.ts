import { BALANCE_CAP, BALANCE_MIN_TOP_UP } from "@estaciona/contracts/balance";
import { formatMoney } from "@estaciona/contracts/money";
import type { Tx } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { findLocationById } from "../parking/locations/service.ts";
import type { LedgerDeps } from "../payments/ledger.ts";
import { ensureBalance, lockBalance } from "../payments/service.ts";
import { lockActiveUser } from "../users/service.ts";
import { assertNotSuspendedAt } from "../users/suspensions.ts";
import { PAYABLE_TOP_UP } from "./payable.ts";
import { insertTopUp, pendingTopUpsOf } from "./repository.ts";

/**
 * Step 1 of a top-up, in the ledger's first transaction: the driver's row first (a purchase that
 * creates what it pays for, docs/decisions/0141), then the cap — what the balance holds, plus the
 * top-ups still in flight, plus this one — and the top-up row.
 */
async function claimTopUp(
  tx: Tx,
  user: Row<"users">,
  balanceId: string,
  topUpId: string,
  locationId: string,
  amount: number,
) {
  if (!(await lockActiveUser(tx, user.id))) throw new AppError("authentication_error");
  const balance = await lockBalance(tx, balanceId);
  if (!balance) throw new AppError("object_not_found");
  const cap = BALANCE_CAP[balance.currency];
  if (balance.amount + (await pendingTopUpsOf(tx, balance.id)) + amount > cap)
    throw new AppError("invalid_data", {
      messageKey: "payments.balance_cap_reached",
      params: {
        cap: formatMoney(cap, balance.currency),
        left: formatMoney(Math.max(0, cap - balance.amount), balance.currency),
      },
    });
  const now = nowIso();
  await insertTopUp(tx, {
    id: topUpId,
    user_id: user.id,
    balance_id: balance.id,
    location_id: locationId,
    amount,
    status: "pending",
    created_at: now,
    updated_at: now,
  });
}

/**
 * What a top-up's charge is, whatever pays it (a card, cash at OXXO, SPEI): the location's
 * organisation's balance, the minimum, the ledger's payable and amounts, and step 1's lock that
 * claims the top-up under the cap (docs/decisions/0210, 0280). `balanceId` answers the balance once
 * the charge ran (made in its first transaction, so a refused top-up writes nothing).
 */
export async function prepareTopUp(deps: LedgerDeps, user: Row<"users">, locationId: string, amount: number) {
  const location = await findLocationById(deps.db, locationId);
  if (location?.active !== 1) throw new AppError("location_not_available");
  await assertNotSuspendedAt(deps.db, user.id, location.id);
  const min = BALANCE_MIN_TOP_UP[location.currency];
  if (amount < min)
    throw new AppError("invalid_data", {
      messageKey: "payments.balance_below_minimum",
      params: { min: formatMoney(min, location.currency) },
    });
  const owner = { userId: user.id, organisationId: location.organisation_id, currency: location.currency };
  let balanceId: string | undefined;
  const topUpId = newId();
  return {
    location,
    charge: {
      userId: user.id,
      purpose: "balance" as const,
      payable: { type: PAYABLE_TOP_UP, id: topUpId, locationId: location.id, vehicleId: null },
      breakdown: { subtotal: amount, convenience_fee: 0, processing_fee: 0, tax: 0, total: amount },
      currency: location.currency,
      description: `Saldo · ${location.short_name ?? location.name}`,
      lockPayable: async (tx: Tx) => {
        balanceId = (await ensureBalance(tx, owner)).id;
        await claimTopUp(tx, user, balanceId, topUpId, location.id, amount);
      },
    },
    balanceId: async () => balanceId ?? (await ensureBalance(deps.db, owner)).id,
  };
}
