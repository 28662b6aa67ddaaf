import { PAGINATOR_ROWS } from "@estaciona/contracts";
import { queryClient } from "../../../lib/query-client.ts";
import { hasRefreshToken } from "../../../lib/session.ts";
import { visitsQuery } from "../api/visits.ts";

/**
 * What /visitas shows first (all visits, page 1), asked for when the route matches: beside the
 * screen's chunk, not after it has arrived and rendered (decision 0325). Signed out, nothing: the
 * route sends the driver to sign in.
 */
export function prefetchVisits(): void {
  if (hasRefreshToken()) void queryClient.prefetchQuery(visitsQuery("all", 1, PAGINATOR_ROWS));
}
