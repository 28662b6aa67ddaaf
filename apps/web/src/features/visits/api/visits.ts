import * as endpoints from "@estaciona/contracts/endpoints/parking";
import type {
  ParkingDashboard,
  PayVisitAnswer,
  PayVisitBody,
  StartVisitBody,
  VisitDetail,
  VisitPage,
  VisitQuote,
} from "@estaciona/contracts/schemas/parking";
import { callEndpoint } from "../../../lib/endpoint-client.ts";

export type { ParkingDashboard, PayVisitAnswer, VisitPage };

/** Which visits `GET user/visits` answers: the server filters by open (`active`) or settled (`past`). */
export type VisitFilter = "all" | "active" | "past";

export const parkingQueryKeys = {
  all: ["parking"] as const,
  dashboard: ["parking", "dashboard"] as const,
  visits: (filter: VisitFilter, page: number) => ["parking", "visits", filter, page] as const,
  visit: (uuid: string) => ["parking", "visit", uuid] as const,
  /** Every open visit at once (the QR landing marks the vehicles already parked). */
  openVisits: ["parking", "open-visits"] as const,
};

export const getParkingDashboard = (): Promise<ParkingDashboard> => callEndpoint(endpoints.getParkingDashboard, {});

export const getVisits = (filter: VisitFilter, page: number, limit: number): Promise<VisitPage> =>
  callEndpoint(endpoints.listVisits, { query: { page, limit, status: filter === "all" ? undefined : filter } });

export const getVisit = (uuid: string): Promise<VisitDetail> => callEndpoint(endpoints.getVisit, { params: { uuid } });

/**
 * The live price now. `handleErrors: false`: a settled visit answers visit_already_paid here,
 * which the pay panel shows as "paid" rather than as an error dialog.
 */
export const getVisitQuote = (uuid: string): Promise<VisitQuote> =>
  callEndpoint(endpoints.quoteVisit, { params: { uuid } }, { handleErrors: false });

export const startVisit = (body: StartVisitBody): Promise<VisitDetail> => callEndpoint(endpoints.startVisit, { body });

/**
 * The pay body: the chosen card (else the server's default) and the total the driver was shown,
 * which the server charges or refuses (invalid_visit_amount) when the fee has moved on.
 */
export const payVisitRequest = (paymentMethodUuid: string | null, expectedTotal: number): PayVisitBody => ({
  ...(paymentMethodUuid ? { payment_method_uuid: paymentMethodUuid } : {}),
  expected_total: expectedTotal,
});

/**
 * Pays the visit. The caller keeps one Idempotency-Key per attempt and sends it again on a retry
 * of the same attempt, so a timeout followed by a retry never charges twice (DESIGN §5). Failures
 * are the caller's to show (a decline belongs in the pay panel, not in a dialog).
 */
export const payVisit = (
  uuid: string,
  paymentMethodUuid: string | null,
  idempotencyKey: string,
  expectedTotal: number,
): Promise<PayVisitAnswer> =>
  callEndpoint(
    endpoints.payVisit,
    { params: { uuid }, body: payVisitRequest(paymentMethodUuid, expectedTotal), idempotencyKey },
    { handleErrors: false },
  );
