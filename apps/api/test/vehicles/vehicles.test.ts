import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

describe(`vehicles (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  const addVehicle = (driver: SignedIn, body: Record<string, unknown>, language = "en") =>
    app.inject({
      method: "POST",
      url: "/api/user/vehicle",
      headers: { ...driver.headers, "accept-language": language },
      payload: body,
    });

  it("normalises the plate, stores the canonical state and its country, and lists the vehicle", async () => {
    const driver = await createSignedInUser(app);
    const created = await addVehicle(driver, {
      plate: " abc-12 3 ",
      state: "nuevo leon",
      brand: "Nissan",
      model: "Versa",
      year: 2020,
      color: "Rojo",
    });
    expect(created.statusCode).toBe(201);
    const vehicle = created.json().data;
    expect(vehicle).toEqual({
      uuid: expect.any(String),
      plate: "ABC123",
      state: "Nuevo León",
      country: "mx",
      brand: "Nissan",
      model: "Versa",
      year: 2020,
      color: "Rojo",
    });
    const us = await addVehicle(driver, { plate: "7xyz999", state: "TEXAS" });
    expect(us.json().data).toMatchObject({ plate: "7XYZ999", state: "Texas", country: "us", brand: null, year: null });

    const listed = await app.inject({ method: "GET", url: "/api/user/vehicles", headers: driver.headers });
    expect(listed.statusCode).toBe(200);
    // Listed oldest first; two vehicles added in the same millisecond may tie.
    expect(
      listed
        .json()
        .data.map((v: { plate: string }) => v.plate)
        .sort(),
    ).toEqual(["7XYZ999", "ABC123"]);
  });

  it("refuses invalid plates and states with the catalogue codes", async () => {
    const driver = await createSignedInUser(app);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ state: "Jalisco" }, 400, "missing_parameters"],
      [{ plate: "   ", state: "Jalisco" }, 422, "invalid_data"],
      [{ plate: "ABC*12", state: "Jalisco" }, 422, "invalid_data"],
      [{ plate: "ABCDEFGHIJK", state: "Jalisco" }, 422, "invalid_data"],
      [{ plate: "ABC123", state: "Atlantis" }, 422, "invalid_data"],
      [{ plate: "ABC123" }, 400, "missing_parameters"],
      [{ plate: 123456, state: "Jalisco" }, 422, "invalid_data"],
      [{ plate: "ABC123", state: "Jalisco", year: 1800 }, 422, "invalid_data"],
    ];
    for (const [body, status, code] of cases) {
      const response = await addVehicle(driver, body);
      expect({ body, status: response.statusCode, code: response.json().error }).toEqual({ body, status, code });
    }
    const es = await addVehicle(driver, { plate: "ABC*12", state: "Jalisco" }, "es");
    expect(es.json().error_description).toBe("Hay información que no es válida.");
    const list = await app.inject({ method: "GET", url: "/api/user/vehicles", headers: driver.headers });
    expect(list.json().data).toEqual([]);
  });

  it("answers a caller who sends no Accept-Language in the language stored on their account", async () => {
    const driver = await createSignedInUser(app);
    const refusal = () =>
      app.inject({
        method: "POST",
        url: "/api/user/vehicle",
        headers: driver.headers,
        payload: { plate: "", state: "Jalisco" },
      });
    const spanish = (await refusal()).json().error_description;
    await app.db.updateTable("users").set({ locale: "en" }).where("id", "=", driver.user.id).execute();
    const english = (await refusal()).json().error_description;
    expect(english).not.toBe(spanish);
    expect((await addVehicle(driver, { plate: "", state: "Jalisco" }, "es")).json().error_description).toBe(spanish);
    expect((await addVehicle(driver, { plate: "", state: "Jalisco" }, "en")).json().error_description).toBe(english);
  });

  it("accepts a 10-character plate once spaces and dashes are removed", async () => {
    const driver = await createSignedInUser(app);
    const response = await addVehicle(driver, { plate: "AB-CD-EF-GH-12", state: "Jalisco" });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.plate).toBe("ABCDEFGH12");
  });

  it("keeps a plate on one active account: vehicle_already_exist, for the same or another driver", async () => {
    const first = await createSignedInUser(app);
    const second = await createSignedInUser(app);
    expect((await addVehicle(first, { plate: "DUP001", state: "Jalisco" })).statusCode).toBe(201);
    const again = await addVehicle(first, { plate: "dup-001", state: "Sonora" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: "vehicle_already_exist",
      error_description: "This plate is already registered.",
    });
    expect((await addVehicle(second, { plate: "DUP001", state: "Texas" })).json().error).toBe("vehicle_already_exist");
  });

  it("gives exactly one 201 when two adds of one plate race", async () => {
    const first = await createSignedInUser(app);
    const second = await createSignedInUser(app);
    for (let round = 0; round < 5; round++) {
      const plate = `RACE${round}`;
      const answers = await Promise.all([
        addVehicle(first, { plate, state: "Jalisco" }),
        addVehicle(second, { plate, state: "Jalisco" }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      const rows = await app.db
        .selectFrom("vehicles")
        .select("id")
        .where("plate", "=", plate)
        .where("deleted_at", "is", null)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("edits a vehicle: plate normalised, state and country updated, optional fields cleared", async () => {
    const driver = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const { uuid } = (await addVehicle(driver, { plate: "EDIT01", state: "Jalisco", brand: "Kia" })).json().data;
    await addVehicle(other, { plate: "TAKEN1", state: "Jalisco" });

    const edited = await app.inject({
      method: "PUT",
      url: `/api/user/vehicle/${uuid}`,
      headers: driver.headers,
      payload: { plate: "edit 02", state: "california", brand: null, color: "Blue" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toEqual({
      uuid,
      plate: "EDIT02",
      state: "California",
      country: "us",
      brand: null,
      model: null,
      year: null,
      color: "Blue",
    });
    const onlyYear = await app.inject({
      method: "PUT",
      url: `/api/user/vehicle/${uuid}`,
      headers: driver.headers,
      payload: { year: 2024 },
    });
    expect(onlyYear.json().data).toMatchObject({ plate: "EDIT02", color: "Blue", year: 2024 });

    const conflict = await app.inject({
      method: "PUT",
      url: `/api/user/vehicle/${uuid}`,
      headers: driver.headers,
      payload: { plate: "TAKEN1" },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toBe("vehicle_already_exist");
  });

  it("deletes a vehicle softly: it leaves the list and its plate is free again", async () => {
    const driver = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const { uuid } = (await addVehicle(driver, { plate: "GONE01", state: "Colima" })).json().data;
    const deleted = await app.inject({ method: "DELETE", url: `/api/user/vehicle/${uuid}`, headers: driver.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: null });
    const again = await app.inject({ method: "DELETE", url: `/api/user/vehicle/${uuid}`, headers: driver.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("vehicle_not_found");
    const list = await app.inject({ method: "GET", url: "/api/user/vehicles", headers: driver.headers });
    expect(list.json().data).toEqual([]);
    const row = await app.db
      .selectFrom("vehicles")
      .select("deleted_at")
      .where("id", "=", uuid)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await addVehicle(other, { plate: "GONE01", state: "Colima" })).statusCode).toBe(201);
  });

  it("never shows, edits or deletes another driver's vehicle: vehicle_not_found", async () => {
    const owner = await createSignedInUser(app);
    const intruder = await createSignedInUser(app);
    const { uuid } = (await addVehicle(owner, { plate: "MINE01", state: "Puebla" })).json().data;

    const list = await app.inject({ method: "GET", url: "/api/user/vehicles", headers: intruder.headers });
    expect(list.json().data).toEqual([]);
    const view = await app.inject({ method: "GET", url: "/api/user/view", headers: intruder.headers });
    expect(view.json().data.vehicles).toEqual([]);
    const edit = await app.inject({
      method: "PUT",
      url: `/api/user/vehicle/${uuid}`,
      headers: intruder.headers,
      payload: { plate: "STOLEN" },
    });
    const remove = await app.inject({ method: "DELETE", url: `/api/user/vehicle/${uuid}`, headers: intruder.headers });
    const missing = await app.inject({
      method: "DELETE",
      url: "/api/user/vehicle/00000000-0000-4000-8000-000000000000",
      headers: intruder.headers,
    });
    for (const response of [edit, remove, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("vehicle_not_found");
    }
    // The answer for someone else's vehicle is byte for byte the answer for one that does not exist.
    expect(remove.body).toBe(missing.body);
    const ownerList = await app.inject({ method: "GET", url: "/api/user/vehicles", headers: owner.headers });
    expect(ownerList.json().data).toEqual([expect.objectContaining({ uuid, plate: "MINE01" })]);
  });

  it("needs a signed-in driver", async () => {
    for (const [method, url] of [
      ["GET", "/api/user/vehicles"],
      ["POST", "/api/user/vehicle"],
      ["PUT", "/api/user/vehicle/x"],
      ["DELETE", "/api/user/vehicle/x"],
    ] as const) {
      const response = await app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("authentication_error");
    }
  });
});
