import { beforeAll, expect } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { nowIso } from "../../src/lib/time.ts";
import { DEMO_CENTRO_METER, DEMO_DRIVER, DEMO_PAID_STAY, OTHER_ORGANISATION } from "../../src/seed/data.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
import { createSignedInUser, type TestApp } from "./helpers.ts";
import { consoleCalls, eventBody } from "./operator-console.ts";
import { createOperator, locationBody, paidStay } from "./operator-fixtures.ts";
import { FUNDIDORA } from "./parking-fixtures.ts";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Operator = Awaited<ReturnType<typeof createOperator>>;

/** What the authorisation matrix calls on: an owner's resources, the people who call, the ids to hide. */
export interface OwnedWorld {
  owner: Operator;
  stranger: Operator;
  driver: SignedIn;
  /** Ids of the demo organisation that another organisation's operator must never see. */
  ownedIds: string[];
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
  /** The platform role (hosts, organisations): an operator of the demo organisation with `platform`. */
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
    world.stranger = await createOperator(app, { organisationId: OTHER_ORGANISATION.id });
    world.driver = await createSignedInUser(app);
    world.device = await registerDevice(world.owner.headers);
    world.ownedIds = [
      FUNDIDORA,
      DEMO_PAID_STAY.paymentId,
      DEMO_DRIVER.id ?? "",
      world.device.uuid,
      world.owner.user.id,
      DEMO_CENTRO_METER.location_id,
    ];
    world.ownedPlan = (
      await call(world.owner.headers, {
        method: "POST",
        url: "/api/admin/plan",
        payload: { location_uuid: FUNDIDORA, name: "Nocturna", cost: 70000, interval: "month", availability: 3 },
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
    const disputed = await paidStay(app);
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
