import { z } from "zod";
import { HOME_SECTIONS } from "../home.ts";
import { amount, queryDecimal, uuidParams } from "./common.ts";
import { event } from "./events.ts";
import { CURRENCIES } from "./parking.ts";
import { plan } from "./subscriptions.ts";

/** The home's products near the driver (docs/decisions/0170). Money is integer minor units. */

/** The driver's position, only when they tapped "near me"; else the host's map centre orders the lists. */
export const homeQuery = z
  .object({
    lat: queryDecimal.pipe(z.number().min(-90).max(90)).optional(),
    lng: queryDecimal.pipe(z.number().min(-180).max(180)).optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined));

const nearby = {
  uuid: z.string(),
  name: z.string(),
  address: z.string(),
  /** Metres from the position (or the host's map centre), rounded. */
  distance_m: z.number().int(),
  currency: z.enum(CURRENCIES),
};

export const homeLot = z.object({
  ...nearby,
  /** The next hour all-in (fees and tax), as a stay entering now would pay it. */
  next_hour_total: amount,
  /** Capacity minus the stays under way; null when the lot has no capacity on record. */
  places_left: z.number().int().nullable(),
  freeflow: z.boolean(),
});

export const homeMeterZone = z.object({ ...nearby, zone_code: z.string(), rate_per_hour: amount });

export const homeValet = z.object(nearby);

export const homeOffers = z.object({
  /** What ordered the lists: the driver's position or the host's map centre. */
  near: z.enum(["position", "host"]),
  sections: z.array(z.enum(HOME_SECTIONS)),
  lots: z.array(homeLot),
  meter_zones: z.array(homeMeterZone),
  events: z.array(event),
  /** Passes for sale; on a university host its student passes come first. */
  passes: z.array(plan),
  valet: z.array(homeValet),
});
export type HomeOffers = z.infer<typeof homeOffers>;
export type HomeLot = z.infer<typeof homeLot>;

/** `GET open/events`: every upcoming event at the host's venues, soonest first. */
export const hostEventList = z.array(event);

/**
 * `GET user/places` (issue 26 item 3, docs/decisions/0241): the driver's starred lots and meter
 * zones, then the last places they paid to park in (not starred), on the requesting host only.
 */
export const yourPlace = z.object({
  uuid: z.string(),
  kind: z.enum(["lot", "meter"]),
  name: z.string(),
  address: z.string(),
  /** The zone's sign code; null for a lot. */
  zone_code: z.string().nullable(),
  starred: z.boolean(),
  /** When the driver last paid to park here; null when never. */
  last_parked_at: z.string().nullable(),
  /** The vehicle of that last stay, while the driver still has it: what "pay again" preselects. */
  vehicle_uuid: z.string().nullable(),
  plate: z.string().nullable(),
});
export type YourPlace = z.infer<typeof yourPlace>;

export const yourPlaces = z.object({ favourites: z.array(yourPlace), recents: z.array(yourPlace) });
export type YourPlaces = z.infer<typeof yourPlaces>;

/** A lot or a meter zone to star or unstar: its location's uuid. */
export const placeParams = uuidParams();
export { noData } from "./common.ts";
