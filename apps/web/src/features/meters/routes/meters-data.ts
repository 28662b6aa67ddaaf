import { queryClient } from "../../../lib/query-client.ts";
import { hasRefreshToken } from "../../../lib/session.ts";
import { meterMapQuery, meterSessionsQuery } from "../api/meters.ts";

/**
 * What /parquimetros needs before it is usable and does not depend on the map's size (the offline
 * map style, the driver's meter sessions), asked for when the route matches: beside the screen's
 * chunk, not after it has arrived and rendered (decision 0325). The zones in view wait for the
 * map's frame to be measured. Signed out, nothing: the route sends the driver to sign in.
 */
export function prefetchMeters(): void {
  if (!hasRefreshToken()) return;
  void queryClient.prefetchQuery(meterMapQuery());
  void queryClient.prefetchQuery(meterSessionsQuery("active"));
  void queryClient.prefetchQuery(meterSessionsQuery("past"));
}
