import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/meters";
import type { MeterPurchaseAnswer, MeterZone } from "@estaciona/contracts/schemas/meters";
import type { QueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointKey, endpointQuery } from "../../../lib/endpoint-query.ts";
import type { Box } from "../lib/geo.ts";

/** The box travels as decimal text (the contract refuses blanks that `Number()` would read as 0). */
export const zonesInBoxQuery = (box: Box) =>
  endpointQuery(endpoints.listMeterZones, {
    query: { west: String(box.west), south: String(box.south), east: String(box.east), north: String(box.north) },
  });
export const zoneQuery = (uuid: string) => endpointQuery(endpoints.getMeterZone, { params: { uuid } });
export const meterMapQuery = () => endpointQuery(endpoints.getMeterMap, {});
export const meterSessionsQuery = (status: "active" | "past") =>
  endpointQuery(endpoints.listMeterSessions, { query: { status } });
export const meterSessionQuery = (uuid: string) => endpointQuery(endpoints.getMeterSession, { params: { uuid } });

/** The zone on a sign; failures are the caller's to show (a wrong number belongs beside the field). */
export const findZoneByCode = (code: string): Promise<MeterZone> =>
  callEndpoint(endpoints.findMeterZoneByCode, { params: { code } }, { handleErrors: false });

/** After paying, every meter answer of the driver is stale: the lists and the sessions. */
export const refreshMeterSessions = (queryClient: QueryClient) =>
  Promise.all(
    [endpoints.listMeterSessions, endpoints.getMeterSession].map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
    ),
  );

/**
 * Buys time in a zone, or adds it to a session. The caller keeps one Idempotency-Key per attempt
 * and sends it again on a retry of the same attempt (docs/product/money.md); failures are the caller's to show.
 */
export const buyMeterTime = (
  target: { session: string } | { zone: string; vehicle: string },
  body: EndpointBody<typeof endpoints.extendMeterSession>,
  idempotencyKey: string,
): Promise<MeterPurchaseAnswer> =>
  "session" in target
    ? callEndpoint(
        endpoints.extendMeterSession,
        { params: { uuid: target.session }, body, idempotencyKey },
        { handleErrors: false },
      )
    : callEndpoint(
        endpoints.startMeterSession,
        { body: { ...body, zone_uuid: target.zone, vehicle_uuid: target.vehicle }, idempotencyKey },
        { handleErrors: false },
      );
