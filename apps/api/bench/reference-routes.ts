/**
 * The bench's references: bare routes in the server process that run only a path's unavoidable
 * database work, with nothing around it (no token check, no validation, no other statement), so a
 * path's figure can be read against its floor on the same database and the same machine.
 */
import { randomUUID } from "node:crypto";
import type { App } from "../src/app.ts";
import { compiledOnce } from "../src/db/compiled-once.ts";
import { forUpdate } from "../src/db/database.ts";
import { newId } from "../src/lib/ids.ts";
import { nowIso } from "../src/lib/time.ts";
import { toUserView } from "../src/modules/users/service.ts";
import { listActiveVehiclesOfUser } from "../src/modules/vehicles/repository.ts";

export const BARE_VIEW_ROUTE = "/bench/bare-user-with-vehicles";
export const LOCKED_TRANSACTION_ROUTE = "/bench/bare-locked-transaction";
export const PAY_FLOOR_ROUTE = "/bench/pay-floor";

/** Who the references act for, known once the server has signed its drivers in. */
export interface ReferenceSubjects {
  /** (c): the driver whose view is read. */
  viewerId: string;
  /** (i): the payer, the card the sandbox charges, and the price every parked stay is charged. */
  payer: {
    userId: string;
    paymentMethodId: string;
    sandboxCardId: string;
    locationId: string;
    breakdown: { subtotal: number; convenience_fee: number; processing_fee: number; tax: number; total: number };
  };
}

/** Registers the references; `subjects` is read per request (the routes exist before the drivers do). */
export function registerReferenceRoutes(app: App, subjects: () => ReferenceSubjects): void {
  // (c): the same queries as user/view — the user row, then its vehicles — with nothing around them.
  app.get(BARE_VIEW_ROUTE, async (_request, reply) => {
    const { viewerId } = subjects();
    const user = await app.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", viewerId)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    const vehicles = await listActiveVehiclesOfUser(app.db, viewerId);
    return reply.type("application/json").send(JSON.stringify({ data: toUserView(user, vehicles) }));
  });

  // (f): one transaction that locks a visit and writes it: the floor of any write path.
  app.post<{ Params: { id: string } }>(`${LOCKED_TRANSACTION_ROUTE}/:id`, async (request, reply) => {
    const visitId = request.params.id;
    await app.db.transaction().execute(async (tx) => {
      await forUpdate(tx)(tx.selectFrom("visits").selectAll().where("id", "=", visitId)).executeTakeFirst();
      await tx.updateTable("visits").set({ updated_at: nowIso() }).where("id", "=", visitId).execute();
    });
    return reply.type("application/json").send('{"data":null}');
  });

  // (i): the minimum for paying a stay (docs/product/money.md, "Paying is"), bare: the first
  // transaction (lock the payable, the pending attempt, the idempotency row), the sandbox
  // gateway's charge, the second transaction (the outcome, the payable paid, the kept answer, the
  // receipt's job). Every row the real path needs to be correct after a crash, nothing else; each
  // statement compiled once, as the pay path's are (db/compiled-once.ts).
  app.post<{ Params: { id: string } }>(`${PAY_FLOOR_ROUTE}/:id`, async (request, reply) => {
    const { payer } = subjects();
    const { breakdown } = payer;
    const visitId = request.params.id;
    const paymentId = newId();
    const keyId = newId();
    const now = nowIso();
    await app.db.transaction().execute(async (tx) => {
      if (!(await floor.lockVisit.first(tx, visitId))) throw new Error(`no visit ${visitId}`);
      await floor.claimKey.all(tx, keyId, payer.userId, randomUUID(), now);
      await floor.insertAttempt.all(
        tx,
        paymentId,
        payer.userId,
        visitId,
        payer.locationId,
        payer.paymentMethodId,
        breakdown.subtotal,
        breakdown.convenience_fee,
        breakdown.processing_fee,
        breakdown.tax,
        breakdown.total,
        now,
      );
    });
    const chargeId = newId();
    await floor.insertCharge.all(app.db, chargeId, paymentId, payer.sandboxCardId, breakdown.total, now);
    const answer = JSON.stringify({ data: { visit: visitId, payment: paymentId } });
    await app.db.transaction().execute(async (tx) => {
      const settledAt = nowIso();
      await floor.settleAttempt.all(tx, chargeId, settledAt, paymentId);
      await floor.finishVisit.all(
        tx,
        settledAt,
        breakdown.subtotal,
        breakdown.convenience_fee,
        breakdown.processing_fee,
        breakdown.tax,
        breakdown.total,
        visitId,
      );
      await floor.keepAnswer.all(tx, answer, keyId);
      await floor.enqueueReceipt.all(tx, newId(), JSON.stringify({ paymentId }), settledAt);
    });
    return reply.type("application/json").send(answer);
  });
}

/** The floor's statements (reference (i)), each compiled once. */
const floor = {
  lockVisit: compiledOnce((tx, visitId: string) =>
    forUpdate(tx)(tx.selectFrom("visits").selectAll().where("id", "=", visitId)),
  ),
  claimKey: compiledOnce((tx, id: string, userId: string, key: string, now: string) =>
    tx.insertInto("idempotency_keys").values({
      id,
      user_id: userId,
      key,
      request_hash: "floor",
      status: "in_progress",
      response_status: null,
      response_body: null,
      created_at: now,
      locked_at: now,
    }),
  ),
  insertAttempt: compiledOnce(
    (
      tx,
      id: string,
      userId: string,
      visitId: string,
      locationId: string,
      paymentMethodId: string,
      subtotal: number,
      convenienceFee: number,
      processingFee: number,
      tax: number,
      amount: number,
      now: string,
    ) =>
      tx.insertInto("payments").values({
        id,
        user_id: userId,
        purpose: "parking",
        payable_type: "visit",
        payable_id: visitId,
        location_id: locationId,
        organisation_id: null,
        vehicle_id: null,
        kind: "charge",
        parent_payment_id: null,
        gateway: "sandbox",
        payment_method_id: paymentMethodId,
        rail: "card",
        currency: "mxn",
        subtotal,
        convenience_fee: convenienceFee,
        processing_fee: processingFee,
        tax,
        amount,
        status: "pending",
        provider_ref: null,
        action_url: null,
        failure_code: null,
        idempotency_key: null,
        description: "floor",
        created_at: now,
        updated_at: now,
      }),
  ),
  insertCharge: compiledOnce((db, id: string, reference: string, cardId: string, amount: number, now: string) =>
    db.insertInto("sandbox_charges").values({
      id,
      reference,
      card_id: cardId,
      amount,
      currency: "mxn",
      status: "succeeded",
      decline_reason: null,
      return_url: null,
      created_at: now,
      updated_at: now,
    }),
  ),
  settleAttempt: compiledOnce((tx, chargeId: string, now: string, paymentId: string) =>
    tx
      .updateTable("payments")
      .set({ status: "succeeded", provider_ref: chargeId, updated_at: now })
      .where("id", "=", paymentId),
  ),
  finishVisit: compiledOnce(
    (
      tx,
      now: string,
      subtotal: number,
      convenienceFee: number,
      processingFee: number,
      tax: number,
      total: number,
      visitId: string,
    ) =>
      tx
        .updateTable("visits")
        .set({
          status: "finished",
          paid_at: now,
          subtotal,
          convenience_fee: convenienceFee,
          processing_fee: processingFee,
          tax,
          total,
          updated_at: now,
        })
        .where("id", "=", visitId),
  ),
  keepAnswer: compiledOnce((tx, answer: string, keyId: string) =>
    tx
      .updateTable("idempotency_keys")
      .set({ status: "completed", response_status: 200, response_body: answer })
      .where("id", "=", keyId),
  ),
  enqueueReceipt: compiledOnce((tx, id: string, payload: string, now: string) =>
    tx.insertInto("jobs").values({
      id,
      kind: "bench.floor_receipt",
      payload,
      run_at: now,
      status: "queued",
      attempts: 0,
      max_attempts: 5,
      last_error: null,
      locked_at: null,
      locked_by: null,
      dedupe_key: null,
      created_at: now,
      updated_at: now,
    }),
  ),
};
