import type { Db } from "../db/database.ts";
import { nowIso } from "../lib/time.ts";
import {
  DEMO_CENTRO_METER,
  DEMO_DISCOUNTS,
  DEMO_EVENT_SERIES,
  DEMO_INVOICE_ISSUER,
  DEMO_LOCATIONS,
  DEMO_METER_ZONES,
  DEMO_OPERATOR,
  DEMO_ORGANISATION,
  DEMO_PARTNER_PAGES,
  DEMO_PLANS,
  demoEvents,
  HOSTS,
  WEB_CLIENT,
} from "./data.ts";

/**
 * Idempotent: safe on every start. The web client and the hosts are always there (the product
 * needs them); the demo operator and locations only when SEED_DEMO is on (the default).
 */
export async function seed(db: Db, options: { demo: boolean }): Promise<void> {
  const createdAt = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("oauth_clients")
      .values({ ...WEB_CLIENT, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .insertInto("organisations")
      .values({ ...DEMO_ORGANISATION, created_at: createdAt })
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
      .insertInto("users")
      .values({ ...DEMO_OPERATOR, created_at: createdAt, updated_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .insertInto("invoice_issuers")
      .values({ ...DEMO_INVOICE_ISSUER, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const location of DEMO_LOCATIONS) {
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
  });
}
