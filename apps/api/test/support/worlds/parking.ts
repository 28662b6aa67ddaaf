/**
 * Lots a parking test builds for itself (docs/decisions/0298), named and priced as the tests read
 * them in a page, a receipt or a line: each a world.ts location with the fields that differ.
 */
import type { TestApp } from "../helpers.ts";
import { createLocation, US } from "../world.ts";

type LocationOverrides = Parameters<typeof createLocation>[1];

/** A gated lot at the park, world.ts's tariff: 15 grace minutes, $20 the first hour, $10 each half hour after, $250 a day. */
export const createParkLot = (app: TestApp, overrides: LocationOverrides = {}) =>
  createLocation(app, {
    name: "Estacionamiento Parque Fundidora",
    short_name: "Fundidora",
    address: "Av. Fundidora 501, Obrera, 64010 Monterrey, N.L.",
    ...overrides,
  });

/**
 * A freeflow lot (cameras read the plate; the stay is charged to the card at the exit): 10 grace
 * minutes, $25 the first hour, $7 each quarter after, $300 a day, discounted payments not invoiced.
 */
export const createFreeflowLot = (app: TestApp, overrides: LocationOverrides = {}) =>
  createLocation(app, {
    name: "Estacionamiento Barrio Antiguo",
    short_name: "Barrio Antiguo",
    address: "Diego de Montemayor 900, Barrio Antiguo, 64000 Monterrey, N.L.",
    lat: 25.6654,
    lng: -100.3086,
    is_freeflow: 1,
    grace_minutes: 10,
    first_period_price: 2500,
    increment_minutes: 15,
    increment_price: 700,
    daily_max: 30000,
    capacity: 120,
    invoice_discounted: 0,
    ...overrides,
  });

/**
 * A university's lot whose invoices the operator approves by hand: 20 grace minutes, $15 the
 * first two hours, $10 each hour after, $80 a day, 800 places.
 */
export const createCampusLot = (app: TestApp, overrides: LocationOverrides = {}) =>
  createLocation(app, {
    name: "Estacionamiento Campus Valle Oriente",
    short_name: "Valle Oriente",
    address: "Av. Lázaro Cárdenas 1000, Valle Oriente, 66269 San Pedro Garza García, N.L.",
    lat: 25.6443,
    lng: -100.3133,
    grace_minutes: 20,
    first_period_minutes: 120,
    first_period_price: 1500,
    increment_minutes: 60,
    increment_price: 1000,
    daily_max: 8000,
    capacity: 800,
    invoicing: "approval",
    ...overrides,
  });

/** A garage in Austin, in dollars with Texas's fees: 10 grace minutes, $5 the first hour, $2.50 each half hour after, $25 a day. */
export const createAustinGarage = (app: TestApp, overrides: LocationOverrides = {}) =>
  createLocation(app, {
    ...US,
    name: "Congress Avenue Garage",
    short_name: "Congress Ave",
    address: "600 Congress Ave, Austin, TX 78701",
    grace_minutes: 10,
    first_period_price: 500,
    increment_minutes: 30,
    increment_price: 250,
    daily_max: 2500,
    capacity: 300,
    ...overrides,
  });
