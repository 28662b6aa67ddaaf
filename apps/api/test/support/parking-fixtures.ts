import { randomBytes, randomUUID } from "node:crypto";
import type { SandboxBehaviour } from "../../src/modules/payments/sandbox/cards.ts";
import { createSignedInUser, type TestApp } from "./helpers.ts";

/** A plate no other test file uses: plates are unique across active accounts. */
export const uniquePlate = (): string => `T${randomBytes(4).toString("hex").toUpperCase()}`;

/** A signed-in driver with one registered vehicle (set up in the database; vehicles have their own tests). */
export async function createDriverWithVehicle(
  app: TestApp,
  options: { email?: string | null; emailVerified?: boolean; plate?: string; role?: "driver" | "admin" } = {},
) {
  const now = new Date().toISOString();
  const driver = await createSignedInUser(app, {
    first_name: "Ana",
    last_name: "Pérez",
    email: options.email === undefined ? `ana.${randomUUID()}@example.com` : options.email,
    email_verified_at: options.emailVerified === false ? null : now,
    role: options.role ?? "driver",
  });
  const vehicle = {
    id: randomUUID(),
    user_id: driver.user.id,
    plate: options.plate ?? uniquePlate(),
    state: "Nuevo León",
    country: "mx" as const,
    brand: "Nissan",
    model: "Versa",
    year: 2022,
    color: "Gris",
    created_at: now,
    updated_at: now,
  };
  await app.db.insertInto("vehicles").values(vehicle).execute();
  return { ...driver, vehicle };
}

/**
 * A verified card saved at the sandbox gateway, as the card flow leaves it: the sandbox's own
 * customer and card rows (the provider side) and our payment method with its references.
 */
export async function saveSandboxCard(
  app: TestApp,
  userId: string,
  options: {
    behaviour?: SandboxBehaviour;
    country?: "mx" | "us";
    isDefault?: boolean;
    freeFlow?: boolean;
    last4?: string;
  } = {},
) {
  const now = new Date().toISOString();
  const customerId = `cus_${randomBytes(8).toString("hex")}`;
  const cardId = `src_${randomBytes(8).toString("hex")}`;
  const last4 = options.last4 ?? "4242";
  await app.db
    .insertInto("sandbox_customers")
    .values({ id: customerId, name: "Ana Pérez", email: "ana@example.com", created_at: now })
    .execute();
  await app.db
    .insertInto("sandbox_cards")
    .values({
      id: cardId,
      customer_id: customerId,
      behaviour: options.behaviour ?? "approve",
      brand: "visa",
      last4,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      holder_name: "Ana Pérez",
      created_at: now,
      deleted_at: null,
    })
    .execute();
  const id = randomUUID();
  await app.db
    .insertInto("payment_methods")
    .values({
      id,
      user_id: userId,
      gateway: "sandbox",
      country: options.country ?? "mx",
      customer_ref: customerId,
      card_ref: cardId,
      brand: "visa",
      last4,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      holder_name: "Ana Pérez",
      is_default: options.isDefault === false ? 0 : 1,
      free_flow: options.freeFlow ? 1 : 0,
      verified_at: now,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return { id, last4 };
}

/**
 * Moves a visit's entry back in time: the stay has lasted just under `minutes` by now (10 s of
 * slack, so a test that pays at once stays inside the same tariff period).
 */
export async function parkedFor(app: TestApp, visitId: string, minutes: number): Promise<void> {
  const enteredAt = new Date(Date.now() - minutes * 60_000 + 10_000).toISOString();
  await app.db.updateTable("visits").set({ entered_at: enteredAt }).where("id", "=", visitId).execute();
}

/** A stay the driver started at a lot through the API, parked for just under `minutes`. */
export async function startParkedVisit(
  app: TestApp,
  driver: Awaited<ReturnType<typeof createDriverWithVehicle>>,
  minutes: number,
  locationId: string,
): Promise<string> {
  const started = await app.inject({
    method: "POST",
    url: "/api/user/visit",
    headers: driver.headers,
    payload: { location_uuid: locationId, vehicle_uuid: driver.vehicle.id },
  });
  const visitId = started.json().data.uuid as string;
  await parkedFor(app, visitId, minutes);
  return visitId;
}

export const idempotencyKey = (): string => randomUUID();

export function outboxFor(app: TestApp, recipient: string) {
  return app.db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("recipient", "=", recipient)
    .orderBy("created_at")
    .execute();
}

/** The ledger rows (charges and refunds) of one visit. */
export function visitCharges(app: TestApp, visitId: string) {
  return app.db
    .selectFrom("payments")
    .selectAll()
    .where("payable_type", "=", "visit")
    .where("payable_id", "=", visitId)
    .execute();
}

let deviceCounter = 0;
/** A device registered by an admin at a location; answers its key. */
export async function registerDeviceAt(
  app: TestApp,
  adminHeaders: Record<string, string>,
  locationId: string,
  kind: "gate" | "camera" | "valet" = "gate",
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/device",
    headers: adminHeaders,
    payload: {
      device_id: `${kind}-${process.pid}-${randomBytes(3).toString("hex")}-${++deviceCounter}`,
      location_uuid: locationId,
      kind,
      direction: "both",
    },
  });
  if (response.statusCode !== 201) throw new Error(`device not registered: ${response.body}`);
  return response.json().data.key as string;
}
