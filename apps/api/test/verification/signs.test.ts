import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeSigner } from "../../src/lib/place-sign.ts";
import { PLATFORM_ORGANISATION } from "../../src/seed/reference.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";
import { createOperator } from "../support/operator-fixtures.ts";
import { createLocation, createMeterZone, createOrganisation } from "../support/world.ts";
import { createParkLot } from "../support/worlds/parking.ts";

/**
 * Signs that cannot be faked (docs/decisions/0287): the console's printed QR carries a link on our
 * host signed by the place's organisation; the public check names the operator for that link only,
 * and tells a forged, another organisation's, an unsigned and another domain's link apart.
 */
describe(`place signs (${testEngine})`, () => {
  let app: TestApp;
  let ip = 0;
  const call = (options: InjectOptions) => app.inject({ remoteAddress: `10.27.0.${++ip}`, ...options });
  const check = async (text: string) => {
    const response = await call({ method: "POST", url: "/api/open/sign/check", payload: { text } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    return response.json().data;
  };
  const signedUrlOf = async (uuid: string, organisationId = PLATFORM_ORGANISATION.id) => {
    const operator = await createOperator(app, { organisationId });
    const response = await call({ method: "GET", url: `/api/admin/location/${uuid}`, headers: operator.headers });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json().data.signed_url);
  };

  /** The platform organisation's lot and meter zone, and another organisation with its own lot. */
  let parkLot: string;
  let meterZone: string;
  let otherOrganisation: string;
  let otherLot: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
    parkLot = (await createParkLot(app)).id;
    meterZone = (await createMeterZone(app)).location.id;
    otherOrganisation = (await createOrganisation(app)).id;
    otherLot = (await createLocation(app, { organisation_id: otherOrganisation })).id;
  });
  afterAll(async () => app.close());

  it("prints the landing with its organisation's signature, and the check names the operator", async () => {
    const signed = await signedUrlOf(parkLot);
    expect(`${signed.origin}${signed.pathname}`).toBe(`${app.config.publicUrl}/loc/${parkLot}`);
    expect(signed.searchParams.get("s")).toMatch(/^[\w-]{12}\.[\w-]{22}$/);
    expect(await check(signed.href)).toEqual({
      status: "verified",
      operator: PLATFORM_ORGANISATION.name,
      place: "Estacionamiento Parque Fundidora",
    });
  });

  it("signs a meter zone's sign the same way: its zone is a location", async () => {
    const signed = await signedUrlOf(meterZone);
    expect(signed.pathname).toBe(`/loc/${meterZone}`);
    expect((await check(signed.href)).status).toBe("verified");
  });

  it("calls a changed signature, another place's and another organisation's forged", async () => {
    const signed = await signedUrlOf(parkLot);
    const signature = signed.searchParams.get("s") ?? "";
    const tampered = new URL(signed);
    tampered.searchParams.set("s", `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`);
    expect(await check(tampered.href)).toEqual({ status: "forged", operator: null, place: null });

    const otherPlace = new URL(signed);
    otherPlace.pathname = `/loc/${meterZone}`;
    expect((await check(otherPlace.href)).status).toBe("forged");

    // The other organisation's genuine signature of its own lot, stuck on the platform organisation's lot.
    const theirs = await signedUrlOf(otherLot, otherOrganisation);
    expect((await check(theirs.href)).status).toBe("verified");
    const borrowed = new URL(signed);
    borrowed.searchParams.set("s", theirs.searchParams.get("s") ?? "");
    expect((await check(borrowed.href)).status).toBe("forged");

    // Signed for the same place by an organisation that does not run it.
    const crossSigned = new URL(signed);
    crossSigned.searchParams.set("s", placeSigner(app.config).sign(otherOrganisation, parkLot));
    expect((await check(crossSigned.href)).status).toBe("forged");

    // A key id that is not ours, and an unknown place.
    const unknownKey = new URL(signed);
    unknownKey.searchParams.set("s", `AAAAAAAAAAAA.${signature.split(".")[1]}`);
    expect((await check(unknownKey.href)).status).toBe("forged");
    const unknownPlace = new URL(signed);
    unknownPlace.pathname = "/loc/7d1e5a10-0000-4000-8000-00000000dead";
    expect((await check(unknownPlace.href)).status).toBe("forged");
  });

  it("tells an unsigned link of ours from another domain's, whatever the text", async () => {
    const signed = await signedUrlOf(parkLot);
    expect((await check(`${app.config.publicUrl}/loc/${parkLot}`)).status).toBe("unsigned");
    expect((await check(`${app.config.publicUrl}/parquimetros`)).status).toBe("unsigned");
    const usHost = new URL(signed);
    usHost.hostname = "us.localhost";
    usHost.search = "";
    expect((await check(usHost.href)).status).toBe("unsigned");

    const elsewhere = new URL(signed);
    elsewhere.hostname = "estaciona-pagos.example";
    for (const text of [
      elsewhere.href,
      `${signed.protocol}//localhost.example${signed.pathname}${signed.search}`,
      `${signed.protocol}//localhost@evil.example${signed.pathname}${signed.search}`,
      `${signed.protocol}//user:pass@${signed.host}${signed.pathname}${signed.search}`,
      `javascript:alert(1)//${signed.host}`,
      "ESTACIONA ZONA 107",
    ])
      expect(await check(text), text).toEqual({ status: "foreign", operator: null, place: null });
    // Nothing to check (or a control character in it) is refused as any text field is.
    for (const text of ["", " ", "a\u0000b"]) {
      const refused = await call({ method: "POST", url: "/api/open/sign/check", payload: { text } });
      expect(refused.statusCode, text).toBe(422);
    }
  });

  it("keeps checking a sign printed before an APP_SECRET rotation until the old secret's window ends", () => {
    const before = placeSigner({ secret: "the-old-secret-the-old-secret-the-old-secret" });
    const signature = before.sign(PLATFORM_ORGANISATION.id, parkLot);
    const rotated = (until: number) =>
      placeSigner({
        secret: "the-new-secret-the-new-secret-the-new-secret",
        previousSecret: { secret: "the-old-secret-the-old-secret-the-old-secret", until: new Date(until) },
      });
    expect(rotated(Date.now() + 60_000).holds(PLATFORM_ORGANISATION.id, parkLot, signature)).toBe(true);
    expect(rotated(Date.now() - 1).holds(PLATFORM_ORGANISATION.id, parkLot, signature)).toBe(false);
  });

  it("refuses text longer than any sign with the catalogue's code", async () => {
    const response = await call({
      method: "POST",
      url: "/api/open/sign/check",
      payload: { text: `${app.config.publicUrl}/loc/${"a".repeat(3000)}` },
    });
    expect(response.statusCode).toBe(422);
  });
});
