/**
 * The few rows many support calls and their test share within one test file (docs/decisions/0298):
 * "the lot" a console call registers a device at and the test then lists, "the monthly pass" a
 * driver buys. Each is built the first time it is asked for on a file's app, then the same row
 * is answered for that app, so a support call and the test that checks it name one row.
 */
import type { TestApp } from "../helpers.ts";
import { createLocation, createPlan, US } from "../world.ts";

/** Memoises a builder per app: the first call builds, later calls on the same app get the same rows. */
export function oncePerApp<T>(build: (app: TestApp) => Promise<T>): (app: TestApp) => Promise<T> {
  const built = new WeakMap<TestApp, Promise<T>>();
  return (app) => {
    let rows = built.get(app);
    if (!rows) {
      rows = build(app);
      built.set(app, rows);
    }
    return rows;
  };
}

/**
 * The file's lot of the platform organisation, world.ts's default one: 15 grace minutes, $20 the
 * first hour, $10 each half hour after, $250 a day at most, 400 places, invoiced automatically.
 */
export const sharedLot = oncePerApp((app) => createLocation(app));

/** The shared lot's passes: a $1,500 monthly one with 50 places and a $450 weekly one without a limit. */
export const sharedPlans = oncePerApp(async (app) => {
  const lot = await sharedLot(app);
  const monthly = await createPlan(app, lot.id);
  const weekly = await createPlan(app, lot.id, {
    name: "Pensión semanal",
    cost: 45000,
    interval_unit: "week",
    availability: null,
  });
  return { lot, monthly, weekly };
});

/** A university lot whose invoices the operator approves by hand, and its $600 students' monthly pass (200 places). */
export const studentPlan = oncePerApp(async (app) => {
  const campus = await createLocation(app, {
    name: "Estacionamiento Campus Prueba",
    short_name: "Campus Prueba",
    grace_minutes: 20,
    first_period_minutes: 120,
    first_period_price: 1500,
    increment_minutes: 60,
    increment_price: 1000,
    daily_max: 8000,
    capacity: 800,
    invoicing: "approval",
  });
  const plan = await createPlan(app, campus.id, {
    name: "Pensión estudiantil",
    cost: 60000,
    availability: 200,
    requires_student_id: 1,
  });
  return { campus, plan };
});

/** An Austin garage ($5 the first hour, in dollars) and its $180 monthly pass with 40 places. */
export const austinPlan = oncePerApp(async (app) => {
  const garage = await createLocation(app, {
    ...US,
    name: "Congress Test Garage",
    short_name: "Congress Test",
    address: "600 Congress Ave, Austin, TX 78701",
    grace_minutes: 10,
    first_period_price: 500,
    increment_price: 250,
    daily_max: 2500,
    capacity: 300,
  });
  const plan = await createPlan(app, garage.id, {
    name: "Monthly pass",
    cost: 18000,
    currency: "usd",
    availability: 40,
  });
  return { garage, plan };
});
