import { beforeAll, expect } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { nowIso } from "../../src/lib/time.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
import { createSignedInUser, type TestApp } from "./helpers.ts";
import { consoleCalls, eventBody } from "./operator-console.ts";
import { createOperator, locationBody, paidStay } from "./operator-fixtures.ts";
import { createLocation, createMeterZone, createOrganisation } from "./world.ts";
import { createInvoiceIssuer } from "./worlds/invoicing.ts";
import { sharedLot } from "./worlds/shared.ts";

/** The plate of the owner's driver, which another organisation's answers must never hold. */
export const OWNED_PLATE = "OWN123";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Operator = Awaited<ReturnType<typeof createOperator>>;

/** What the authorisation matrix calls on: an owner's resources, the people who call, the ids to hide. */
export interface OwnedWorld {
  owner: Operator;
  stranger: Operator;
  driver: SignedIn;
  /** Ids of the owner's organisation that another organisation's operator must never see. */
  ownedIds: string[];
  /** The owner's lot, where its devices, passes and paid stays are. */
  lot: string;
  /** A driver who paid a stay at the owner's lot (plate OWNED_PLATE), and that payment. */
  ownedDriver: string;
  ownedPayment: string;
  /** The owner's on-street meter zone (its location). */
  ownedMeterZone: string;
  /** A lot of the stranger's organisation. */
  foreignLocation: string;
  device: { uuid: string };
  /** A location of the owner's to edit: editing a seeded one would change what other tests are charged. */
  ownedLocation: string;
  invoiceToApprove: string;
  ownedPlan: string;
  ownedDiscount: string;
  meterLocation: string;
  ownedEvent: string;
  ownedVenue: string;
  ownedPass: string;
  invoiceToReject: string;
  invoiceToCancel: string;
  ownedGlobalInvoice: string;
  /** A driver's ticket dispute at the owner's lot (docs/decisions/0200). */
  ownedDispute: string;
  /** The platform role (hosts, organisations): an operator of the platform's organisation with `platform`. */
  platformOwner: SignedIn;
  /** Members of the owner's team to remove and to limit. */
  removable: Operator;
  limitable: Operator;
  /** An organisation the platform role adds a user to, and that user. */
  newOrganisation: string;
  newcomer: SignedIn;
}

/**
 * Makes the matrix's world before the describe's tests: its fields are set from then on, so the
 * matrix's requests read them when they run.
 */
export function ownedWorld(app: TestApp): OwnedWorld {
  const { call, registerDevice, paidPass, pendingInvoice, insertTestHost } = consoleCalls(app);
  const world = {} as OwnedWorld;
  beforeAll(async () => {
    world.platformOwner = await createSignedInUser(app, { role: "admin" });
    world.removable = await createOperator(app);
    world.limitable = await createOperator(app);
    world.newcomer = await createSignedInUser(app);
    world.newOrganisation = newId();
    await app.db
      .insertInto("organisations")
      .values({
        id: world.newOrganisation,
        name: "Matriz",
        contact_email: null,
        contact_phone: null,
        created_at: nowIso(),
      })
      .execute();
    await insertTestHost("matrix.localhost");
    world.owner = await createOperator(app);
    // The owner's organisation issues CFDIs (its global invoice's settings are the owner's to set).
    await createInvoiceIssuer(app);
    const strangers = await createOrganisation(app, { name: "Estacionamientos Ajenos" });
    world.stranger = await createOperator(app, { organisationId: strangers.id });
    world.foreignLocation = (await createLocation(app, { organisation_id: strangers.id })).id;
    world.driver = await createSignedInUser(app);
    world.lot = (await sharedLot(app)).id;
    const stay = await paidStay(app, world.lot);
    await app.db
      .updateTable("vehicles")
      .set({ plate: OWNED_PLATE })
      .where("user_id", "=", stay.driver.user.id)
      .execute();
    world.ownedDriver = stay.driver.user.id;
    world.ownedPayment = stay.paymentId;
    world.ownedMeterZone = (await createMeterZone(app, { meter: { zone_code: "100" } })).location.id;
    world.device = await registerDevice(world.owner.headers);
    world.ownedIds = [
      world.lot,
      world.ownedPayment,
      world.ownedDriver,
      world.device.uuid,
      world.owner.user.id,
      world.ownedMeterZone,
    ];
    world.ownedPlan = (
      await call(world.owner.headers, {
        method: "POST",
        url: "/api/admin/plan",
        payload: { location_uuid: world.lot, name: "Nocturna", cost: 70000, interval: "month", availability: 3 },
      })
    ).json().data.uuid;
    world.ownedDiscount = (
      await call(world.owner.headers, {
        method: "POST",
        url: "/api/admin/discount",
        payload: { code: `NOCHE${newId().slice(0, 6)}`, kind: "percent", value: 20, plan_uuid: world.ownedPlan },
      })
    ).json().data.uuid;
    world.ownedPass = await paidPass();
    world.meterLocation = (
      await call(world.owner.headers, {
        method: "POST",
        url: "/api/admin/location",
        payload: locationBody({ kind: "meter", name: "Parquímetros Prueba" }),
      })
    ).json().data.uuid;
    world.invoiceToApprove = await pendingInvoice();
    world.invoiceToReject = await pendingInvoice();
    world.invoiceToCancel = await pendingInvoice();
    world.ownedVenue = (
      await call(world.owner.headers, {
        method: "POST",
        url: "/api/admin/location",
        payload: locationBody({ kind: "venue", name: "Recinto Prueba" }),
      })
    ).json().data.uuid;
    const created = await call(world.owner.headers, {
      method: "POST",
      url: "/api/admin/event",
      payload: eventBody(world.ownedVenue),
    });
    expect(created.statusCode, created.body).toBe(201);
    world.ownedEvent = created.json().data.uuid;
    world.ownedIds.push(
      world.invoiceToApprove,
      world.invoiceToReject,
      world.invoiceToCancel,
      world.ownedPlan,
      world.ownedDiscount,
      world.ownedPass,
      world.meterLocation,
      world.ownedVenue,
      world.ownedEvent,
    );
    world.ownedLocation = (
      await call(world.owner.headers, { method: "POST", url: "/api/admin/location", payload: locationBody() })
    ).json().data.uuid;
    const disputed = await paidStay(app, world.lot);
    const opened = await call(disputed.driver.headers, {
      method: "POST",
      url: `/api/user/receipt/${disputed.paymentId}/dispute`,
      payload: { citation_number: "MTY-1", note: null },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    world.ownedDispute = opened.json().data.uuid;
    world.ownedIds.push(world.ownedDispute);
    world.ownedGlobalInvoice = await issuedGlobalInvoice();
    world.ownedIds.push(world.ownedGlobalInvoice);
  });
  return world;

  /** The owner's CFDI to the general public, as the monthly sweep leaves it once issued (its making is global-invoices.test.ts's). */
  async function issuedGlobalInvoice(): Promise<string> {
    const id = newId();
    const now = nowIso();
    await app.db
      .insertInto("global_invoices")
      .values({
        id,
        organisation_id: PLATFORM_ORGANISATION.id,
        period_key: "2026-10",
        periodicity: "monthly",
        months: "10",
        year: 2026,
        period_start: "2026-10-01T06:00:00.000Z",
        period_end: "2026-11-01T06:00:00.000Z",
        status: "issued",
        series: "G",
        folio: 1,
        issuer_rfc: "EDE210101A17",
        issuer_name: "ESTACIONA",
        issuer_regime: "601",
        issuer_postal_code: "64000",
        payment_form: "04",
        subtotal: 10_000,
        tax: 1_600,
        total: 11_600,
        provider: "sandbox",
        stamped: 0,
        xml: "<cfdi:Comprobante/>",
        pdf_base64: "JVBERi0xLjQK",
        issued_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }
}
