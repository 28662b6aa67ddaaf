import { type FeeRates, feeBreakdown, type Tariff } from "@estaciona/contracts";
import { breakdownBody, type Location } from "@estaciona/contracts/schemas/parking";
import type { Executor } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { findLocationById, listActiveLocations } from "./repository.ts";

export type LocationRow = Row<"locations">;

/** The columns that price a stay: enough to quote from a joined list row as well as from a location. */
export type LocationPricing = Pick<
  LocationRow,
  | "grace_minutes"
  | "first_period_minutes"
  | "first_period_price"
  | "increment_minutes"
  | "increment_price"
  | "daily_max"
  | "tax_rate_bp"
  | "convenience_rate_bp"
  | "convenience_fixed"
  | "card_rate_bp"
  | "card_fixed"
>;

/** The location's tariff in the fee engine's terms. */
export const tariffOf = (location: LocationPricing): Tariff => ({
  graceMinutes: location.grace_minutes,
  firstPeriodMinutes: location.first_period_minutes,
  firstPeriodPrice: location.first_period_price,
  incrementMinutes: location.increment_minutes,
  incrementPrice: location.increment_price,
  dailyMax: location.daily_max,
});

export const feeRatesOf = (location: LocationPricing): FeeRates => ({
  taxRateBp: location.tax_rate_bp,
  convenienceRateBp: location.convenience_rate_bp,
  convenienceFixed: location.convenience_fixed,
  cardRateBp: location.card_rate_bp,
  cardFixed: location.card_fixed,
});

export const tariffBody = (location: LocationPricing) => ({
  grace_minutes: location.grace_minutes,
  first_period_minutes: location.first_period_minutes,
  first_period_price: location.first_period_price,
  increment_minutes: location.increment_minutes,
  increment_price: location.increment_price,
  daily_max: location.daily_max,
});

/** Pay-per-stay visits exist at gated lots and valet stands; meters and venues sell sessions and event tickets. */
export const acceptsVisits = (location: LocationRow): boolean => location.kind === "lot" || location.kind === "valet";

export function presentLocation(location: LocationRow): Location {
  return {
    uuid: location.id,
    name: location.name,
    address: location.address,
    coordinates: { lat: location.lat, lng: location.lng },
    kind: location.kind,
    country: location.country,
    currency: location.currency,
    time_zone: location.time_zone,
    freeflow: location.is_freeflow === 1,
    available: location.active === 1,
    email_domain: location.email_domain,
    capacity: location.capacity,
    exit_window_minutes: location.exit_window_minutes,
    tariff: tariffBody(location),
    rates: {
      tax_rate_bp: location.tax_rate_bp,
      convenience_rate_bp: location.convenience_rate_bp,
      convenience_fixed: location.convenience_fixed,
      card_rate_bp: location.card_rate_bp,
      card_fixed: location.card_fixed,
    },
    first_period: breakdownBody(feeBreakdown(location.first_period_price, feeRatesOf(location)), location.currency),
  };
}

/** A location's public page (the QR landing `/loc/{uuid}`): shown even when inactive, marked unavailable. */
export async function getPublicLocation(db: Executor, locationId: string): Promise<Location> {
  const location = await findLocationById(db, locationId);
  if (!location) throw new AppError("object_not_found");
  return presentLocation(location);
}

/** `GET open/locations`: the locations the requesting host offers (docs/decisions/0165). */
export async function listPublicLocations(db: Executor, hostLocations: string[] | null): Promise<Location[]> {
  return (await listActiveLocations(db, hostLocations)).map(presentLocation);
}

/** A location by id for another module (the balance's top-up, a sign's check), read through this service. */
export { findLocationById, findLocationWithOperator } from "./repository.ts";
