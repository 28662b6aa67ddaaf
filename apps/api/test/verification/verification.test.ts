import { randomBytes } from "node:crypto";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createOperator, paidStay } from "../support/operator-fixtures.ts";
import { createLocation, createOrganisation } from "../support/world.ts";

/**
 * Proof of payment anyone can check, and the dispute kit (docs/decisions/0200): a receipt's token
 * checks without sign-in and shows no personal data; forged and expired tokens are refused with a
 * catalogue code; the plate only as a match, rate-limited; a dispute opened by the driver is moved
 * by the operator of the lot's organisation only, audit logged, and the driver reads its state.
 */
describe(`receipt proofs and disputes (${testEngine})`, () => {
  let app: TestApp;
  let stay: Awaited<ReturnType<typeof paidStay>>;
  let lot: Awaited<ReturnType<typeof createLocation>>;
  let token: string;
  let ip = 0;
  /** Each call from its own address unless told, so the per-address limits of one test do not reach another. */
  const call = (options: InjectOptions & { remoteAddress?: string }) =>
    app.inject({ remoteAddress: `10.26.0.${++ip}`, ...options });

  beforeAll(async () => {
    app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
    lot = await createLocation(app);
    stay = await paidStay(app, lot.id);
    const proof = await call({
      method: "GET",
      url: `/api/user/receipt/${stay.paymentId}/proof`,
      headers: stay.driver.headers,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    token = proof.json().data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
  afterAll(async () => app.close());

  it("gives the driver the same token every time, and another driver none", async () => {
    const again = await call({
      method: "GET",
      url: `/api/user/receipt/${stay.paymentId}/proof`,
      headers: stay.driver.headers,
    });
    expect(again.json().data.token).toBe(token);
    const expires = new Date(again.json().data.expires_at).getTime();
    expect(expires - Date.now()).toBeGreaterThan(390 * 86_400_000);
    const other = await paidStay(app, lot.id);
    const foreign = await call({
      method: "GET",
      url: `/api/user/receipt/${stay.paymentId}/proof`,
      headers: other.driver.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("object_not_found");
  });

  it("shows a genuine receipt without sign-in, not indexed, with no name, phone, card or plate", async () => {
    const response = await call({
      method: "GET",
      url: `/api/open/verify/${token}`,
      headers: { "accept-language": "en" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const data = response.json().data;
    expect(data).toMatchObject({
      genuine: true,
      status: "paid",
      operator: expect.any(String),
      location: { name: lot.name, time_zone: "America/Monterrey" },
      total: stay.amount,
      has_plate: true,
    });
    expect(data.starts_at).toEqual(expect.any(String));
    expect(data.ends_at).toEqual(expect.any(String));
    const user = await app.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", stay.driver.user.id)
      .executeTakeFirstOrThrow();
    const body = response.body;
    for (const secret of [
      user.phone,
      user.first_name,
      user.last_name,
      user.email,
      stay.driver.vehicle.plate,
      "4242",
      stay.driver.user.id,
    ])
      if (secret) expect(body).not.toContain(secret);
    expect(Object.keys(data).sort()).toEqual(
      [
        "currency",
        "ends_at",
        "expires_at",
        "genuine",
        "has_plate",
        "location",
        "number",
        "operator",
        "paid_at",
        "starts_at",
        "status",
        "title",
        "total",
      ].sort(),
    );
  });

  it("refuses a forged or malformed token as not found, an expired one as invalid_code", async () => {
    for (const forged of [
      randomBytes(24).toString("base64url"),
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      "n0t!a-token",
    ]) {
      const response = await call({ method: "GET", url: `/api/open/verify/${encodeURIComponent(forged)}` });
      expect(response.statusCode, forged).toBe(404);
      expect(response.json().error).toBe("object_not_found");
    }
    const other = await paidStay(app, lot.id);
    const proof = await call({
      method: "GET",
      url: `/api/user/receipt/${other.paymentId}/proof`,
      headers: other.driver.headers,
    });
    await app.db
      .updateTable("receipt_proofs")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("payment_id", "=", other.paymentId)
      .execute();
    const expired = await call({ method: "GET", url: `/api/open/verify/${proof.json().data.token}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe("invalid_code");
    const plate = await call({
      method: "POST",
      url: `/api/open/verify/${proof.json().data.token}/plate`,
      payload: { plate: other.driver.vehicle.plate },
    });
    expect(plate.json().error).toBe("invalid_code");
  });

  it("compares a typed plate however it is written, and never answers the plate", async () => {
    const plate = stay.driver.vehicle.plate;
    const written = `${plate.slice(0, 3).toLowerCase()}-${plate.slice(3)}`;
    const match = await call({ method: "POST", url: `/api/open/verify/${token}/plate`, payload: { plate: written } });
    expect(match.statusCode, match.body).toBe(200);
    expect(match.json().data).toEqual({ matches: true });
    expect(match.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const mismatch = await call({
      method: "POST",
      url: `/api/open/verify/${token}/plate`,
      payload: { plate: "ZZZ9999" },
    });
    expect(mismatch.json().data).toEqual({ matches: false });
    expect(mismatch.body).not.toContain(plate);
  });

  it("limits plate comparisons and checks per address", async () => {
    const remoteAddress = "10.26.1.1";
    const tries = [];
    for (let i = 0; i < 11; i++)
      tries.push(
        await app.inject({
          method: "POST",
          url: `/api/open/verify/${token}/plate`,
          remoteAddress,
          payload: { plate: `AAA${1000 + i}` },
        }),
      );
    expect(tries.slice(0, 10).map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(tries[10]?.statusCode).toBe(429);
    expect(tries[10]?.json().error).toBe("action_not_available");
    const checks = [];
    for (let i = 0; i < 31; i++)
      checks.push(
        (await app.inject({ method: "GET", url: `/api/open/verify/${token}`, remoteAddress: "10.26.1.2" })).statusCode,
      );
    expect(checks.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(checks[30]).toBe(429);
  });

  it("opens one dispute per receipt, moved by the lot's organisation only, audit logged, followed by the driver", async () => {
    const driver = stay.driver.headers;
    const none = await call({ method: "GET", url: `/api/user/receipt/${stay.paymentId}/dispute`, headers: driver });
    expect(none.json().data).toBeNull();
    const opened = await call({
      method: "POST",
      url: `/api/user/receipt/${stay.paymentId}/dispute`,
      headers: driver,
      payload: { citation_number: "MTY-123456", note: "Pagué y me multaron a las 10:15" },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const dispute = opened.json().data;
    expect(dispute).toMatchObject({ status: "received", citation_number: "MTY-123456", payment_uuid: stay.paymentId });
    const again = await call({
      method: "POST",
      url: `/api/user/receipt/${stay.paymentId}/dispute`,
      headers: driver,
      payload: {},
    });
    expect(again.json().data.uuid).toBe(dispute.uuid);
    const stranger = await paidStay(app, lot.id);
    const foreign = await call({
      method: "POST",
      url: `/api/user/receipt/${stay.paymentId}/dispute`,
      headers: stranger.driver.headers,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);

    const kit = await call({ method: "GET", url: `/api/user/receipt/${stay.paymentId}/dispute/pdf`, headers: driver });
    expect(kit.statusCode, kit.body).toBe(200);
    expect(Buffer.from(kit.json().data.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");

    const ours = await createOperator(app);
    const theirs = await createOperator(app, { organisationId: (await createOrganisation(app)).id });
    const listed = await call({ method: "GET", url: "/api/admin/disputes", headers: ours.headers });
    expect(listed.json().data.map((row: { uuid: string }) => row.uuid)).toContain(dispute.uuid);
    const hidden = await call({ method: "GET", url: "/api/admin/disputes", headers: theirs.headers });
    expect(hidden.json().data.map((row: { uuid: string }) => row.uuid)).not.toContain(dispute.uuid);
    const refused = await call({
      method: "POST",
      url: `/api/admin/dispute/${dispute.uuid}/status`,
      headers: theirs.headers,
      payload: { status: "upheld" },
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await call({ method: "GET", url: `/api/admin/dispute/${dispute.uuid}/pdf`, headers: theirs.headers }))
        .statusCode,
    ).toBe(404);
    expect((await call({ method: "GET", url: "/api/admin/disputes", headers: driver })).statusCode).toBe(403);

    const moved = await call({
      method: "POST",
      url: `/api/admin/dispute/${dispute.uuid}/status`,
      headers: ours.headers,
      payload: { status: "in_review" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.status).toBe("in_review");
    const back = await call({
      method: "POST",
      url: `/api/admin/dispute/${dispute.uuid}/status`,
      headers: ours.headers,
      payload: { status: "received" },
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().error).toBe("invalid_data");
    const audit = await app.db.selectFrom("audit_log").selectAll().where("subject_id", "=", dispute.uuid).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "dispute.status", actor_user_id: ours.user.id });
    expect(JSON.parse(audit[0]?.after ?? "{}")).toEqual({ status: "in_review" });

    const followed = await call({ method: "GET", url: `/api/user/receipt/${stay.paymentId}/dispute`, headers: driver });
    expect(followed.json().data.status).toBe("in_review");
    // The driver's note and ticket number are theirs: the personal-data export carries them.
    const exported = await call({ method: "GET", url: "/api/user/export", headers: driver });
    expect(exported.json().data.disputes).toEqual([
      expect.objectContaining({
        uuid: dispute.uuid,
        payment_uuid: stay.paymentId,
        status: "in_review",
        citation_number: "MTY-123456",
        note: "Pagué y me multaron a las 10:15",
      }),
    ]);
    const operatorKit = await call({
      method: "GET",
      url: `/api/admin/dispute/${dispute.uuid}/pdf`,
      headers: ours.headers,
    });
    expect(operatorKit.statusCode).toBe(200);

    const upheld = await call({
      method: "POST",
      url: `/api/admin/dispute/${dispute.uuid}/status`,
      headers: ours.headers,
      payload: { status: "upheld", resolution: "Multa cancelada" },
    });
    expect(upheld.json().data).toMatchObject({ status: "upheld", resolution: "Multa cancelada" });
    const final = await call({
      method: "POST",
      url: `/api/admin/dispute/${dispute.uuid}/status`,
      headers: ours.headers,
      payload: { status: "rejected" },
    });
    expect(final.statusCode).toBe(422);
  });
});
