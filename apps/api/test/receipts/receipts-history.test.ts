import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, testEngine } from "../support/helpers.ts";
import { payStay } from "../support/invoicing-fixtures.ts";
import { createDriverWithVehicle, saveSandboxCard } from "../support/parking-fixtures.ts";
import { createLocation } from "../support/world.ts";

/** Issue 26 item 4 (docs/decisions/0187): the receipts history, its tags and its statement. */
const app = await createTestApp({ env: { API_IP_MAX_PER_MINUTE: "1000000" } });
const lot = await createLocation(app);
afterAll(async () => app.close());

const DAY = 24 * 3600_000;
const period = () => ({ from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() });
const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe(`the receipts history (${testEngine})`, () => {
  it("lists the period's payments in keyset pages, tags them, and exports CSV and PDF", async () => {
    const driver = await createDriverWithVehicle(app);
    await saveSandboxCard(app, driver.user.id);
    const charges = [await payStay(app, driver, lot.id), await payStay(app, driver, lot.id)];
    const get = (url: string) =>
      app.inject({ method: "GET", url, headers: { ...driver.headers, "accept-language": "es" } });
    const first = await get(`/api/user/receipts/history?${query({ ...period(), limit: 1 })}`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.items).toHaveLength(1);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = (
      await get(`/api/user/receipts/history?${query({ ...period(), limit: 1, cursor: page1.next_cursor })}`)
    ).json().data;
    const seen = [...page1.items, ...page2.items].map((item: { payment_uuid: string }) => item.payment_uuid);
    expect(seen.sort()).toEqual([...charges].sort());
    expect(page1.items[0]).toMatchObject({ kind: "charge", tag: null, currency: "mxn" });
    expect(page1.items[0].line).toMatch(/^Estancia · /);

    const tag = (uuid: string, value: string, headers = driver.headers) =>
      app.inject({ method: "PUT", url: `/api/user/receipt/${uuid}/tag`, headers, payload: { tag: value } });
    expect((await tag(charges[0] as string, "business")).statusCode).toBe(200);
    expect((await tag(charges[0] as string, "personal")).statusCode).toBe(200);
    expect((await tag(charges[0] as string, "business")).json().data).toEqual({
      payment_uuid: charges[0],
      tag: "business",
    });
    expect((await tag(charges[0] as string, "secret")).statusCode).toBe(422);
    const stranger = await createDriverWithVehicle(app);
    expect((await tag(charges[0] as string, "personal", stranger.headers)).statusCode).toBe(404);
    const strangerList = await app.inject({
      method: "GET",
      url: `/api/user/receipts/history?${query(period())}`,
      headers: stranger.headers,
    });
    expect(strangerList.json().data.items).toEqual([]);

    const csv = await get(`/api/user/receipts/statement/csv?${query(period())}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const text = Buffer.from(csv.json().data.base64, "base64").toString("utf8");
    expect(text).toContain("Fecha,Concepto,Tipo,Importe,Moneda,Uso");
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(text).toContain("Negocio");
    const pdf = await get(`/api/user/receipts/statement/pdf?${query(period())}`);
    expect(pdf.statusCode).toBe(200);
    expect(Buffer.from(pdf.json().data.base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");

    const reversed = await get(`/api/user/receipts/history?${query({ from: period().to, to: period().from })}`);
    expect(reversed.statusCode).toBe(422);
    expect((await get(`/api/user/receipts/history?${query({ ...period(), cursor: "nope" })}`)).statusCode).toBe(422);
  });
});
