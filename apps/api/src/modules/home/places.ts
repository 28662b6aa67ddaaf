import type { YourPlace, YourPlaces } from "@estaciona/contracts/schemas/home";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { type HostRow, hostScope } from "../hosts/service.ts";
import {
  addFavourite,
  type LastStay,
  listFavouritesOfUser,
  listLastStaysOfUser,
  placeExists,
  removeFavourite,
} from "./places-repository.ts";
import { listOfferedLocations } from "./repository.ts";

/** How many recent places the home shows. */
const RECENTS_LIMIT = 5;
/** Stays read to find them: a driver who parks in one lot every day still has older places to show. */
const STAYS_READ = 50;

/** A driver stars what the host sells a stay at: lots where it sells visits, zones where it sells meter time. */
function placeKinds(host: HostRow): ("lot" | "meter")[] {
  const features = JSON.parse(host.features) as string[];
  return [
    ...(features.includes("visits") ? (["lot"] as const) : []),
    ...(features.includes("meters") ? (["meter"] as const) : []),
  ];
}

/**
 * `GET user/places` (docs/decisions/0241): the starred places, newest star first, then the last
 * few distinct places paid for that are not starred, each with the vehicle used last. A place
 * this host does not offer (another host's organisation, another country, gone inactive) is left
 * out, its star kept for the host that offers it.
 */
export async function listYourPlaces(db: Executor, host: HostRow, userId: string): Promise<YourPlaces> {
  const [favourites, stays] = await Promise.all([
    listFavouritesOfUser(db, userId),
    listLastStaysOfUser(db, userId, STAYS_READ),
  ]);
  const lastStay = new Map<string, LastStay>();
  for (const stay of stays) if (!lastStay.has(stay.location_id)) lastStay.set(stay.location_id, stay);
  const starred = new Set(favourites.map((favourite) => favourite.location_id));
  const ids = [...new Set([...starred, ...lastStay.keys()])];
  const offered = new Map(
    (await listOfferedLocations(db, hostScope(host), placeKinds(host), ids)).map((location) => [location.id, location]),
  );
  const placeOf = (locationId: string): YourPlace[] => {
    const location = offered.get(locationId);
    if (!location || (location.kind === "meter" && location.zone_code === null)) return [];
    const stay = lastStay.get(locationId);
    return [
      {
        uuid: location.id,
        kind: location.kind as YourPlace["kind"],
        name: location.name,
        address: location.address,
        zone_code: location.kind === "meter" ? location.zone_code : null,
        starred: starred.has(locationId),
        last_parked_at: stay?.at ?? null,
        vehicle_uuid: stay?.vehicle_id ?? null,
        plate: stay?.plate ?? null,
      },
    ];
  };
  return {
    favourites: favourites.flatMap((favourite) => placeOf(favourite.location_id)),
    recents: [...lastStay.keys()]
      .filter((locationId) => !starred.has(locationId))
      .flatMap(placeOf)
      .slice(0, RECENTS_LIMIT),
  };
}

/** `PUT user/favourite/:uuid`: only a lot or zone this host offers; starring it again changes nothing. */
export async function starPlace(db: Executor, host: HostRow, userId: string, locationId: string): Promise<null> {
  const [location] = await listOfferedLocations(db, hostScope(host), placeKinds(host), [locationId]);
  if (!location) throw new AppError("object_not_found");
  await addFavourite(db, userId, locationId, nowIso());
  return null;
}

/**
 * `DELETE user/favourite/:uuid`: a star is taken off on any host, and taking off one already gone
 * is not a failure; an id that is no lot or zone at all (a vehicle's, a typo) is `object_not_found`.
 */
export async function unstarPlace(db: Executor, userId: string, locationId: string): Promise<null> {
  if (!(await placeExists(db, locationId))) throw new AppError("object_not_found");
  await removeFavourite(db, userId, locationId);
  return null;
}
