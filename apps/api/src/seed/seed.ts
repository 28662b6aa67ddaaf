import { stayQuote } from "@estaciona/contracts";
import type { Db, Tx } from "../db/database.ts";
import { nowIso } from "../lib/time.ts";
import { findLocationById } from "../modules/parking/locations/repository.ts";
import { feeRatesOf, tariffOf } from "../modules/parking/locations/service.ts";
import {
  DEMO_CENTRO_METER,
  DEMO_DISCOUNTS,
  DEMO_DRIVER,
  DEMO_DRIVER_VEHICLE,
  DEMO_EVENT_SERIES,
  DEMO_INVOICE_ISSUER,
  DEMO_LOCATIONS,
  DEMO_METER_ZONES,
  DEMO_OPERATOR,
  DEMO_OPERATOR_MEMBERSHIP,
  DEMO_PAID_STAY,
  DEMO_PARTNER_PAGES,
  DEMO_PLANS,
  demoEvents,
  HOSTS,
  OTHER_LOCATION,
  OTHER_OPERATOR,
  OTHER_ORGANISATION,
  PLATFORM_ORGANISATION,
  WEB_CLIENT,
} from "./data.ts";

/**
 * Idempotent: safe on every start. The web client, the hosts and the platform's organisation that
 * owns them are always there (the product needs them); every demo row — operators, the second
 * organisation, lots, passes, events, the paid stay — only when SEED_DEMO is on (the default outside
 * production). A database created without it holds no demo tenant (docs/decisions/0298).
 */
export async function seed(db: Db, options: { demo: boolean }): Promise<void> {
  const createdAt = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("oauth_clients")
      .values({ ...WEB_CLIENT, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // The hosts belong to the platform's own organisation; the demo's lots join it, its second organisation is demo data.
    await tx
      .insertInto("organisations")
      .values({ ...PLATFORM_ORGANISATION, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const host of HOSTS) {
      await tx
        .insertInto("hosts")
        .values({ ...host, created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (!options.demo) return;
    await tx
      .insertInto("organisations")
      .values({ ...OTHER_ORGANISATION, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const user of [DEMO_OPERATOR, OTHER_OPERATOR, DEMO_DRIVER])
      await tx
        .insertInto("users")
        .values({ ...user, created_at: createdAt, updated_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    await tx
      .insertInto("operator_memberships")
      .values([
        { ...DEMO_OPERATOR_MEMBERSHIP, created_at: createdAt },
        { user_id: OTHER_OPERATOR.id, organisation_id: OTHER_ORGANISATION.id, platform: 0, created_at: createdAt },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .insertInto("invoice_issuers")
      .values({ ...DEMO_INVOICE_ISSUER, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const location of [...DEMO_LOCATIONS, OTHER_LOCATION]) {
      await tx
        .insertInto("locations")
        .values({ ...location, created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const meters = [DEMO_CENTRO_METER, ...DEMO_METER_ZONES.map((zone) => zone.meter)];
    for (const zone of DEMO_METER_ZONES)
      await tx
        .insertInto("locations")
        .values({ ...zone.location, created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (const meter of meters)
      await tx
        .insertInto("parking_meters")
        .values({ ...meter, created_at: createdAt, updated_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (const plan of DEMO_PLANS)
      await tx
        .insertInto("plans")
        .values({ ...plan, created_at: createdAt, updated_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (const discount of DEMO_DISCOUNTS)
      await tx
        .insertInto("discounts")
        .values({ ...discount, created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (const page of DEMO_PARTNER_PAGES)
      await tx
        .insertInto("partner_pages")
        .values({ ...page, created_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    await tx
      .insertInto("event_series")
      .values({ ...DEMO_EVENT_SERIES, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const event of demoEvents(Date.now())) {
      await tx
        .insertInto("events")
        .values({ ...event, created_at: createdAt, updated_at: createdAt })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await seedPaidStay(tx, createdAt);
  });
}

/**
 * The demo driver's paid stay, with the sandbox charge behind it, so the console has a payment to
 * show and refund on a fresh start. Priced by the fee engine like any stay; written once.
 */
async function seedPaidStay(tx: Tx, createdAt: string): Promise<void> {
  const location = await findLocationById(tx, DEMO_LOCATIONS[0]?.id ?? "");
  if (!location) return;
  const exists = await tx.selectFrom("visits").select("id").where("id", "=", DEMO_PAID_STAY.visitId).executeTakeFirst();
  if (exists) return;
  const exitedAt = new Date(Date.parse(createdAt) - 86_400_000);
  const enteredAt = new Date(exitedAt.getTime() - DEMO_PAID_STAY.minutes * 60_000).toISOString();
  const paidAt = exitedAt.toISOString();
  const amounts = stayQuote(tariffOf(location), feeRatesOf(location), enteredAt, paidAt);
  const breakdown = {
    subtotal: amounts.subtotal,
    convenience_fee: amounts.convenienceFee,
    processing_fee: amounts.processingFee,
    tax: amounts.tax,
  };
  await tx
    .insertInto("vehicles")
    .values({ ...DEMO_DRIVER_VEHICLE, created_at: createdAt, updated_at: createdAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await tx
    .insertInto("visits")
    .values({
      id: DEMO_PAID_STAY.visitId,
      user_id: DEMO_DRIVER.id,
      vehicle_id: DEMO_DRIVER_VEHICLE.id,
      location_id: location.id,
      status: "finished",
      source: "app",
      entered_at: enteredAt,
      exited_at: paidAt,
      paid_at: paidAt,
      exit_deadline: paidAt,
      ...breakdown,
      total: amounts.total,
      currency: "mxn",
      created_at: enteredAt,
      updated_at: paidAt,
    })
    .execute();
  await tx
    .insertInto("sandbox_customers")
    .values({ id: DEMO_PAID_STAY.sandboxCustomerId, name: "Conductor Demo", email: "", created_at: enteredAt })
    .execute();
  await tx
    .insertInto("sandbox_cards")
    .values({
      id: DEMO_PAID_STAY.sandboxCardId,
      customer_id: DEMO_PAID_STAY.sandboxCustomerId,
      behaviour: "approve",
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: 2035,
      holder_name: "Conductor Demo",
      created_at: enteredAt,
      deleted_at: null,
    })
    .execute();
  await tx
    .insertInto("sandbox_charges")
    .values({
      id: DEMO_PAID_STAY.sandboxChargeId,
      reference: DEMO_PAID_STAY.paymentId,
      card_id: DEMO_PAID_STAY.sandboxCardId,
      amount: amounts.total,
      currency: "mxn",
      status: "succeeded",
      decline_reason: null,
      return_url: null,
      created_at: paidAt,
      updated_at: paidAt,
    })
    .execute();
  await tx
    .insertInto("payments")
    .values({
      id: DEMO_PAID_STAY.paymentId,
      user_id: DEMO_DRIVER.id,
      purpose: "visit",
      payable_type: "visit",
      payable_id: DEMO_PAID_STAY.visitId,
      location_id: location.id,
      organisation_id: location.organisation_id,
      vehicle_id: DEMO_DRIVER_VEHICLE.id,
      kind: "charge",
      parent_payment_id: null,
      gateway: "sandbox",
      payment_method_id: null,
      rail: "card",
      currency: "mxn",
      ...breakdown,
      amount: amounts.total,
      status: "succeeded",
      provider_ref: DEMO_PAID_STAY.sandboxChargeId,
      action_url: null,
      failure_code: null,
      idempotency_key: null,
      description: `${location.name} · ${DEMO_DRIVER_VEHICLE.plate}`,
      created_at: paidAt,
      updated_at: paidAt,
    })
    .execute();
}
