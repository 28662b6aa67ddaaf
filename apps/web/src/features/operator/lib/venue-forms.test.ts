import { describe, expect, it } from "vitest";
import { eventFormSchema, newEventForm } from "./event-form.ts";
import { locationFormSchema, NEW_LOCATION, pricingSchema } from "./location-form.ts";
import { optionalTypedText, typedText, wholeNumber } from "./typed-text.ts";
import { newZoneForm, zoneFormSchema } from "./zone-form.ts";

const fieldsIn = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join("."));

describe("the venue editors' schemas (decision 0297)", () => {
  it("read typed text, or say the given message, and leave the bounds to the contract's schema", () => {
    const places = typedText(wholeNumber, "bad");
    expect(places.parse(" 12 ")).toBe(12);
    expect(places.safeParse("1.5").error?.issues[0]?.message).toBe("bad");
    expect(optionalTypedText(wholeNumber, "bad").parse("  ")).toBeNull();
  });

  it("read a new location into the contract's body, rates as basis points, and price it as soon as the tariff reads", () => {
    const body = locationFormSchema.parse({ ...NEW_LOCATION, name: "Centro", address: "Zaragoza 1000" });
    expect(body.tariff).toEqual({
      grace_minutes: 15,
      first_period_minutes: 60,
      first_period_price: 2000,
      increment_minutes: 30,
      increment_price: 1000,
      daily_max: null,
    });
    expect(body.rates.tax_rate_bp).toBe(1600);
    expect(body.capacity).toBeNull();
    expect(
      fieldsIn(locationFormSchema.safeParse({ ...NEW_LOCATION, first_period_minutes: "0", lat: "north" })),
    ).toEqual(expect.arrayContaining(["name", "address", "lat", "first_period_minutes"]));
    expect(pricingSchema.safeParse(NEW_LOCATION).success).toBe(true);
    expect(pricingSchema.safeParse({ ...NEW_LOCATION, tax_rate: "x" }).success).toBe(false);
  });

  it("read a zone's stays, area and week, the longest stay never shorter than the shortest", () => {
    const form = {
      ...newZoneForm(undefined),
      zone_code: "a-107",
      device_id: "PQ-1",
      area: "25.1, -100.1\n25.2, -100.1\n25.2, -100.2",
    };
    const zone = zoneFormSchema.parse(form);
    expect(zone.zone_code).toBe("A-107");
    expect(zone.area).toHaveLength(4);
    expect(zone.hours[0]).toBeNull();
    expect(zone.hours[1]).toEqual({ open: 480, close: 1200 });
    expect(fieldsIn(zoneFormSchema.safeParse({ ...form, min_minutes: "60", max_minutes: "30" }))).toEqual([
      "max_minutes",
    ]);
    const hours = form.hours.map((day, index) => (index === 2 ? { ...day, open: "21:00" } : day));
    expect(fieldsIn(zoneFormSchema.safeParse({ ...form, hours }))).toEqual(["hours.2"]);
  });

  it("read an event's times on the venue's clock, in order, and its amounts only when the driver chooses one", () => {
    const schema = eventFormSchema(() => "America/Monterrey");
    const form = { ...newEventForm(undefined), name: "Concierto", starts_at: "2030-05-01T20:00" };
    const event = schema.parse({
      ...form,
      ends_at: "2030-05-01T23:00",
      sales_open_at: "2030-04-01T09:00",
      sales_close_at: "2030-05-01T23:00",
    });
    expect(event.fields.starts_at).toBe("2030-05-02T02:00:00.000Z");
    expect(event.fields.min_amount).toBe(10_000);
    expect(event.fields.max_amount).toBe(10_000);
    const late = schema.safeParse({
      ...form,
      ends_at: "2030-05-01T19:00",
      sales_open_at: "2030-04-01T09:00",
      sales_close_at: "2030-05-01T23:00",
    });
    expect(fieldsIn(late)).toEqual(["ends_at", "sales_close_at"]);
    const open = schema.safeParse({
      ...form,
      ends_at: "2030-05-01T23:00",
      sales_open_at: "2030-04-01T09:00",
      sales_close_at: "2030-05-01T22:00",
      editable: true,
      min_amount: "0",
    });
    expect(fieldsIn(open)).toEqual(["min_amount"]);
  });
});
