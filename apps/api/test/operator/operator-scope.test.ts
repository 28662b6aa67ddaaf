import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/data.ts";
import { createTestApp } from "../support/helpers.ts";
import { createOperator, locationBody, paidStay, refundCall } from "../support/operator-fixtures.ts";
import { consoleWorld } from "../support/worlds/console.ts";

/**
 * The authorisation matrix's rows that depend on more than the organisation (docs/decisions/0041,
 * 0166, 0169): what a staff member limited to some locations reads in the audit log, and who
 * suspends a driver where — an organisation at its own lots, the platform role everywhere.
 */

const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { lot, secondLot, otherOrganisation, otherLocation } = await consoleWorld(app);

type Headers = Record<string, string>;
const call = (headers: Headers, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...headers, ...(options.headers as Headers | undefined) } });

const auditOf = async (headers: Headers) => {
  const response = await call(headers, { method: "GET", url: "/api/admin/audit?limit=100" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as {
    action: string;
    subject_uuid: string;
    location: { uuid: string; name: string; time_zone: string; currency: string } | null;
    actor: { uuid: string };
  }[];
};

/** Starts a stay at a location from its QR page, as the driver's app does. */
const startStay = (driver: { headers: Headers; vehicle: { id: string } }, locationId: string) =>
  call(driver.headers, {
    method: "POST",
    url: "/api/user/visit",
    payload: { location_uuid: locationId, vehicle_uuid: driver.vehicle.id },
  });

describe("the audit log per scope", () => {
  it("shows a staff member only their locations' entries and their own; the whole organisation sees all, each with its location", async () => {
    const whole = await createOperator(app);
    const atBarrio = await createOperator(app, { locationIds: [secondLot] });
    const stay = await paidStay(app);
    const refunded = await refundCall(app, whole.headers, stay.paymentId, { amount: 100, reason: "Cobro de más" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const opened = await call(whole.headers, { method: "POST", url: "/api/admin/location", payload: locationBody() });
    expect(opened.statusCode, opened.body).toBe(201);
    const registered = await call(atBarrio.headers, {
      method: "POST",
      url: "/api/admin/device",
      payload: {
        device_id: `gate-${newId()}`,
        location_uuid: secondLot,
        kind: "gate",
        direction: "both",
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const everything = await auditOf(whole.headers);
    const refund = everything.find((entry) => entry.subject_uuid === stay.paymentId);
    expect(refund).toMatchObject({
      action: "payment.refund",
      location: { uuid: lot, time_zone: "America/Monterrey", currency: "mxn" },
    });
    expect(everything.some((entry) => entry.subject_uuid === opened.json().data.uuid)).toBe(true);
    expect(everything.some((entry) => entry.subject_uuid === registered.json().data.uuid)).toBe(true);

    const limited = await auditOf(atBarrio.headers);
    expect(limited.some((entry) => entry.subject_uuid === registered.json().data.uuid)).toBe(true);
    // Another location's refund and amounts, and a new location (organisation-wide), are not theirs to read.
    for (const entry of limited) {
      const own = entry.actor.uuid === atBarrio.user.id;
      expect(own || entry.location?.uuid === secondLot, JSON.stringify(entry)).toBe(true);
    }
    expect(limited.some((entry) => entry.subject_uuid === stay.paymentId)).toBe(false);
    expect(limited.some((entry) => entry.subject_uuid === opened.json().data.uuid)).toBe(false);

    const norte = await createOperator(app, { organisationId: otherOrganisation });
    expect((await auditOf(norte.headers)).some((entry) => entry.subject_uuid === stay.paymentId)).toBe(false);
  });
});

describe("suspension per scope", () => {
  it("an organisation's suspension refuses the driver at its own lots only, naming it; the driver still signs in and parks elsewhere", async () => {
    const operator = await createOperator(app);
    const stay = await paidStay(app);
    const driver = stay.driver;

    const suspended = await call(operator.headers, {
      method: "POST",
      url: `/api/admin/driver/${driver.user.id}/suspend`,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data).toMatchObject({ status: "suspended", suspended_everywhere: false });

    expect((await call(driver.headers, { method: "GET", url: "/api/user/view" })).statusCode).toBe(200);
    for (const language of ["es", "en"]) {
      const refused = await call(driver.headers, {
        ...{ method: "POST", url: "/api/user/visit" },
        headers: { "accept-language": language },
        payload: { location_uuid: lot, vehicle_uuid: driver.vehicle.id },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe("user_suspended");
      expect(refused.json().error_description).toContain(PLATFORM_ORGANISATION.name);
    }
    const elsewhere = await startStay(driver, otherLocation);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    // The other organisation reads the driver as active; the audit entry names no location.
    const norte = await createOperator(app, { organisationId: otherOrganisation });
    const seenByNorte = await call(norte.headers, { method: "GET", url: `/api/admin/driver/${driver.user.id}` });
    expect(seenByNorte.json().data.status).toBe("active");
    const entry = (await auditOf(operator.headers)).find(
      (item) => item.action === "driver.suspend" && item.subject_uuid === driver.user.id,
    );
    expect(entry?.location).toBeNull();

    const restored = await call(operator.headers, {
      method: "POST",
      url: `/api/admin/driver/${driver.user.id}/restore`,
    });
    expect(restored.json().data.status).toBe("active");
  });

  it("a staff member limited to some locations suspends only drivers of those locations", async () => {
    const stay = await paidStay(app);
    const atBarrio = await createOperator(app, { locationIds: [secondLot] });
    const notTheirs = await call(atBarrio.headers, {
      method: "POST",
      url: `/api/admin/driver/${stay.driver.user.id}/suspend`,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error).toBe("object_not_found");

    const atFundidora = await createOperator(app, { locationIds: [lot] });
    const theirs = await call(atFundidora.headers, {
      method: "POST",
      url: `/api/admin/driver/${stay.driver.user.id}/suspend`,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const entries = await auditOf(atFundidora.headers);
    expect(entries.some((item) => item.action === "driver.suspend" && item.subject_uuid === stay.driver.user.id)).toBe(
      true,
    );
  });

  it("only the platform role suspends everywhere, and only it restores that", async () => {
    const platform = await createOperator(app, { platform: true });
    const operator = await createOperator(app);
    const stay = await paidStay(app);
    const driverId = stay.driver.user.id;

    const everywhere = await call(platform.headers, { method: "POST", url: `/api/admin/driver/${driverId}/suspend` });
    expect(everywhere.json().data).toMatchObject({ status: "suspended", suspended_everywhere: true });
    expect((await call(stay.driver.headers, { method: "GET", url: "/api/user/view" })).json().error).toBe(
      "user_suspended",
    );

    const notTheirs = await call(operator.headers, { method: "POST", url: `/api/admin/driver/${driverId}/restore` });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error).toBe("forbidden_access");

    const restored = await call(platform.headers, { method: "POST", url: `/api/admin/driver/${driverId}/restore` });
    expect(restored.json().data).toMatchObject({ status: "active", suspended_everywhere: false });
    expect((await call(stay.driver.headers, { method: "GET", url: "/api/user/view" })).statusCode).toBe(200);
  });
});
