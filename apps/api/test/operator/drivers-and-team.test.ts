import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids.ts";
import { nowIso } from "../../src/lib/time.ts";
import { createSignedInUser, createTestApp } from "../support/helpers.ts";
import { consoleCalls } from "../support/operator-console.ts";
import { createOperator, locationBody } from "../support/operator-fixtures.ts";
import { createDriverWithVehicle, idempotencyKey, saveSandboxCard } from "../support/parking-fixtures.ts";
import { consoleWorld } from "../support/worlds/console.ts";
import { sharedPlans } from "../support/worlds/shared.ts";

/** The operator console's drivers (finding, suspending) and the team (removing, limiting members). */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
afterAll(async () => app.close());
const { call, paidStay } = consoleCalls(app);
const { lot, otherOrganisation, otherLocation } = await consoleWorld(app);
const monthlyPlan = (await sharedPlans(app)).monthly.id;

describe("drivers", () => {
  it("finds a driver by plate or phone; the platform role suspends them everywhere (their next call is refused) and restores them", async () => {
    const operator = await createOperator(app, { platform: true });
    const stay = await paidStay();
    const byPlate = (
      await call(operator.headers, { method: "GET", url: `/api/admin/drivers?q=${stay.driver.vehicle.plate}` })
    ).json().data;
    expect(byPlate.map((driver: { uuid: string }) => driver.uuid)).toEqual([stay.driver.user.id]);
    const byPhone = (
      await call(operator.headers, { method: "GET", url: `/api/admin/drivers?q=${stay.driver.user.phone.slice(-7)}` })
    ).json().data;
    expect(byPhone[0].uuid).toBe(stay.driver.user.id);

    const detail = (
      await call(operator.headers, { method: "GET", url: `/api/admin/driver/${stay.driver.user.id}` })
    ).json().data;
    expect(detail.stays).toHaveLength(1);
    expect(detail.payments.map((payment: { uuid: string }) => payment.uuid)).toEqual([stay.paymentId]);

    await call(operator.headers, { method: "POST", url: `/api/admin/driver/${stay.driver.user.id}/suspend` });
    const refused = await app.inject({ method: "GET", url: "/api/user/view", headers: stay.driver.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("user_suspended");

    await call(operator.headers, { method: "POST", url: `/api/admin/driver/${stay.driver.user.id}/restore` });
    expect((await app.inject({ method: "GET", url: "/api/user/view", headers: stay.driver.headers })).statusCode).toBe(
      200,
    );
  });

  it("lists on a driver's page their own payments, not those of a driver whose number ends with theirs", async () => {
    const operator = await createOperator(app, { platform: true });
    const first = await paidStay();
    const second = await paidStay();
    // +52 55… and +1 52 55…: the second number ends with every digit of the first.
    await app.db
      .updateTable("users")
      .set({ phone: `+1${first.driver.user.phone.replace(/\D/g, "")}` })
      .where("id", "=", second.driver.user.id)
      .execute();
    const detail = (
      await call(operator.headers, { method: "GET", url: `/api/admin/driver/${first.driver.user.id}` })
    ).json().data;
    expect(detail.payments.map((payment: { uuid: string }) => payment.uuid)).toEqual([first.paymentId]);
  });

  it("finds a driver who only bought a pass here and shows the pass; another organisation finds nobody", async () => {
    const operator = await createOperator(app);
    const stranger = await createOperator(app, { organisationId: otherOrganisation });
    const passHolder = await createDriverWithVehicle(app);
    await saveSandboxCard(app, passHolder.user.id);
    const bought = await call(passHolder.headers, {
      method: "POST",
      url: "/api/user/subscription",
      headers: { "idempotency-key": idempotencyKey() },
      payload: { plan_uuid: monthlyPlan, vehicle_uuid: passHolder.vehicle.id },
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const found = (
      await call(operator.headers, { method: "GET", url: `/api/admin/drivers?q=${passHolder.vehicle.plate}` })
    ).json().data;
    expect(found.map((driver: { uuid: string }) => driver.uuid)).toEqual([passHolder.user.id]);
    const detail = (
      await call(operator.headers, { method: "GET", url: `/api/admin/driver/${passHolder.user.id}` })
    ).json().data;
    expect(detail.stays).toEqual([]);
    expect(detail.passes).toEqual([
      expect.objectContaining({
        uuid: bought.json().data.subscription.uuid,
        plate: passHolder.vehicle.plate,
        status: "active",
        currency: "mxn",
      }),
    ]);

    const elsewhere = await call(stranger.headers, { method: "GET", url: `/api/admin/driver/${passHolder.user.id}` });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await call(stranger.headers, { method: "GET", url: `/api/admin/drivers?q=${passHolder.vehicle.plate}` })).json()
        .data,
    ).toEqual([]);
  });

  it("does not suspend another operator (invalid_user)", async () => {
    const operator = await createOperator(app);
    const colleague = await createDriverWithVehicle(app, { role: "admin" });
    await app.db
      .insertInto("visits")
      .values({
        id: newId(),
        user_id: colleague.user.id,
        vehicle_id: colleague.vehicle.id,
        location_id: lot,
        status: "finished",
        source: "app",
        currency: "mxn",
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const response = await call(operator.headers, {
      method: "POST",
      url: `/api/admin/driver/${colleague.user.id}/suspend`,
    });
    expect(response.json().error).toBe("invalid_user");
  });
});

describe("the team", () => {
  /** A fresh organisation with `count` operators who see every location. */
  async function team(count: number) {
    const organisationId = newId();
    await app.db
      .insertInto("organisations")
      .values({ id: organisationId, name: "Equipo", contact_email: null, contact_phone: null, created_at: nowIso() })
      .execute();
    const members = [];
    for (let index = 0; index < count; index += 1)
      members.push(await createOperator(app, { organisationId: organisationId }));
    return members;
  }

  it("removes a member, whose next console call is refused, and logs it", async () => {
    const [admin, member] = await team(2);
    if (!admin || !member) throw new Error("team");
    const removed = await call(admin.headers, { method: "DELETE", url: `/api/admin/operator/${member.user.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.map((row: { user_uuid: string }) => row.user_uuid)).toEqual([admin.user.id]);
    const next = await call(member.headers, { method: "GET", url: "/api/admin/me" });
    expect(next.statusCode).toBe(403);
    expect(next.json().error).toBe("forbidden_access");
    // Still a driver: their own calls work.
    expect((await call(member.headers, { method: "GET", url: "/api/user/view" })).statusCode).toBe(200);
    const audit = (await call(admin.headers, { method: "GET", url: "/api/admin/audit" })).json().data;
    expect(audit.items[0]).toMatchObject({
      action: "operator.remove",
      subject_uuid: member.user.id,
      before: { role: "admin" },
      after: { role: "driver" },
    });
    // Gone is gone: a second removal finds nobody.
    expect(
      (await call(admin.headers, { method: "DELETE", url: `/api/admin/operator/${member.user.id}` })).statusCode,
    ).toBe(404);
  });

  it("keeps the last operator who sees every location: no removing or limiting them (invalid_user)", async () => {
    const [last] = await team(1);
    if (!last) throw new Error("team");
    const self = await call(last.headers, { method: "DELETE", url: `/api/admin/operator/${last.user.id}` });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe("invalid_user");
    const [first, second] = await team(2);
    if (!first || !second) throw new Error("team");
    // Two whole members: one may leave; then the other is the last.
    expect(
      (await call(first.headers, { method: "DELETE", url: `/api/admin/operator/${first.user.id}` })).statusCode,
    ).toBe(200);
    expect((await call(second.headers, { method: "GET", url: "/api/admin/me" })).statusCode).toBe(200);
    const lot = (
      await call(second.headers, { method: "POST", url: "/api/admin/location", payload: locationBody() })
    ).json().data.uuid as string;
    const limitSecond = () =>
      call(second.headers, {
        method: "PUT",
        url: `/api/admin/operator/${second.user.id}`,
        payload: { location_uuids: [lot] },
      });
    const refused = await limitSecond();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("invalid_user");
    // With another operator of every location, the second may be limited.
    const me = (await call(second.headers, { method: "GET", url: "/api/admin/me" })).json().data;
    await createOperator(app, { organisationId: me.organisation.uuid });
    expect((await limitSecond()).statusCode).toBe(200);
  });

  it("changes a staff member's locations, audited; foreign locations and foreign members do not exist here", async () => {
    const admin = await createOperator(app);
    const staff = await createOperator(app);
    const limit = await call(admin.headers, {
      method: "PUT",
      url: `/api/admin/operator/${staff.user.id}`,
      payload: { location_uuids: [lot] },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    expect(limit.json().data.location_uuids).toEqual([lot]);
    const seen = (await call(staff.headers, { method: "GET", url: "/api/admin/locations" })).json().data;
    expect(seen.map((location: { uuid: string }) => location.uuid)).toEqual([lot]);
    // A limited member changes nobody's team.
    const byStaff = await call(staff.headers, { method: "DELETE", url: `/api/admin/operator/${admin.user.id}` });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error).toBe("forbidden_access");
    const foreignLocation = await call(admin.headers, {
      method: "PUT",
      url: `/api/admin/operator/${staff.user.id}`,
      payload: { location_uuids: [otherLocation] },
    });
    expect(foreignLocation.statusCode).toBe(404);
    const stranger = await createOperator(app, { organisationId: otherOrganisation });
    const foreignMember = await call(admin.headers, {
      method: "DELETE",
      url: `/api/admin/operator/${stranger.user.id}`,
    });
    expect(foreignMember.statusCode).toBe(404);
    // Only the platform role removes a platform member.
    const platform = await createSignedInUser(app, { role: "admin" });
    const byOperator = await call(admin.headers, { method: "DELETE", url: `/api/admin/operator/${platform.user.id}` });
    expect(byOperator.json().error).toBe("forbidden_access");
    const audit = (await call(admin.headers, { method: "GET", url: "/api/admin/audit?limit=100" })).json().data;
    expect(audit.items.find((item: { subject_uuid: string }) => item.subject_uuid === staff.user.id)).toMatchObject({
      action: "operator.grants",
      before: { location_uuids: null },
      after: { location_uuids: [lot] },
    });
  });
});
