import { randomBytes, randomUUID } from "node:crypto";
import { apiA, apiB, apiUrl, call, type Member, record, sleep } from "./harness.ts";

/** Drivers of the cluster test (run.ts) through the real flow: sign-in, profile, card, vehicle, a stay and its payment. */

const FUNDIDORA = "7d1e5a10-0000-4000-8000-000000000101";

export const phoneOf = (index: number) => `+5281${String(5000000 + index).padStart(8, "0")}`;
export const ipOf = (index: number) => `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;

async function signIn(index: number) {
  const phone = phoneOf(index);
  const ip = ipOf(index);
  const sent = await call(index % 2 ? apiB : apiA, "POST", "/api/open/user", {
    body: { phone_number: phone, domain: "estaciona" },
    ip,
  });
  record("open/user", sent);
  const token = await call(index % 2 ? apiA : apiB, "POST", "/api/oauth/v2/token", {
    body: {
      grant_type: "sms",
      client_id: "estaciona-web",
      phone_number: phone,
      code: (sent.body as { data: string }).data,
    },
    ip,
  });
  record("token", token);
  return { phone, ip, token: (token.body as { access_token: string }).access_token };
}

export async function prepareDriver(index: number) {
  const driver = await signIn(1000 + index);
  const api = index % 2 ? apiA : apiB;
  const email = `cluster.${index}.${randomUUID().slice(0, 8)}@example.com`;
  record(
    "user/edit",
    await call(api, "PUT", "/api/user/edit", {
      token: driver.token,
      ip: driver.ip,
      body: { first_name: "Carga", last_name: `Prueba ${index}`, email },
    }),
  );
  const tokenAnswer = await fetch(`${apiUrl(api)}/sandbox/v1/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      number: "4242424242424242",
      exp_month: "12",
      exp_year: "2031",
      cvc: "123",
      name: "Carga Prueba",
    }),
  }).then((response) => response.json() as Promise<{ id: string }>);
  const card = await call(api, "POST", "/api/user/payment/method", {
    token: driver.token,
    ip: driver.ip,
    key: randomUUID(),
    body: { token: tokenAnswer.id },
  });
  record("payment/method", card);
  const plate = `CL${randomBytes(3).toString("hex").toUpperCase()}`;
  const vehicle = await call(api, "POST", "/api/user/vehicle", {
    token: driver.token,
    ip: driver.ip,
    body: { plate, state: "Nuevo León" },
  });
  record("user/vehicle", vehicle);
  const visit = await call(api, "POST", "/api/user/visit", {
    token: driver.token,
    ip: driver.ip,
    body: { location_uuid: FUNDIDORA, vehicle_uuid: (vehicle.body as { data: { uuid: string } }).data.uuid },
  });
  record("user/visit", visit);
  return {
    ...driver,
    email,
    cardStatus: card.status,
    vehicleId: (vehicle.body as { data: { uuid: string } }).data.uuid,
    visitId: (visit.body as { data: { uuid: string } }).data.uuid,
  };
}

/**
 * Pays with one key until an instance answers for good, as a patient client would: a lost
 * connection is retried on the other instance, and 409 (the same request still in progress) is
 * retried until its owner answers or, when its owner was killed, the key is taken over (two
 * minutes, payments/idempotency.ts).
 */
export async function payUntilAnswered(
  driver: { token: string; ip: string; visitId: string },
  key: string,
  first: Member,
) {
  let member = first;
  const giveUpAt = Date.now() + 180_000;
  while (Date.now() < giveUpAt) {
    const answer = await call(member, "POST", `/api/user/visit/${driver.visitId}/pay`, {
      token: driver.token,
      ip: driver.ip,
      key,
      body: {},
    });
    record("pay", answer);
    if (!answer.lost && answer.status !== 409 && answer.status !== 503) return answer;
    member = member === apiA ? apiB : apiA;
    await sleep(answer.lost ? 300 : 2000);
  }
  return { status: 0, body: null, lost: true };
}
