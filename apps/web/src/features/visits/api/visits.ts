import type {
  PayVisitBody,
  StartVisitBody,
  VisitDetail,
  VisitQuote,
  VisitSummary,
} from "@estaciona/contracts/schemas/parking";
import { api, apiRequest, type DataEnvelope } from "../../../lib/api-client.ts";

/** Which visits `GET user/visits` answers: the server filters by open (`active`) or settled (`past`). */
export type VisitFilter = "all" | "active" | "past";

export interface VisitPage {
  items: VisitSummary[];
  page: number;
  limit: number;
  total: number;
}

export interface ParkingDashboard {
  active_visit: VisitDetail | null;
  recent_visits: VisitSummary[];
}

export interface PayVisitAnswer {
  visit: VisitDetail;
  /** Null for a free stay (inside the grace minutes): it finishes without a charge. */
  payment: {
    uuid: string;
    status: "succeeded" | "requires_action" | "failed" | "pending";
    redirect_url: string | null;
  } | null;
}

export const parkingQueryKeys = {
  all: ["parking"] as const,
  dashboard: ["parking", "dashboard"] as const,
  visits: (filter: VisitFilter, page: number) => ["parking", "visits", filter, page] as const,
  visit: (uuid: string) => ["parking", "visit", uuid] as const,
  /** Every open visit at once (the QR landing marks the vehicles already parked). */
  openVisits: ["parking", "open-visits"] as const,
};

export async function getParkingDashboard(): Promise<ParkingDashboard> {
  return (await api.get<DataEnvelope<ParkingDashboard>>("user/dashboard")).data;
}

export async function getVisits(filter: VisitFilter, page: number, limit: number): Promise<VisitPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filter !== "all") query.set("status", filter);
  return (await api.get<DataEnvelope<VisitPage>>(`user/visits?${query.toString()}`)).data;
}

export async function getVisit(uuid: string): Promise<VisitDetail> {
  return (await api.get<DataEnvelope<VisitDetail>>(`user/visit/${encodeURIComponent(uuid)}`)).data;
}

/**
 * The live price now. `handleErrors: false`: a settled visit answers visit_already_paid here,
 * which the pay panel shows as "paid" rather than as an error dialog.
 */
export async function getVisitQuote(uuid: string): Promise<VisitQuote> {
  return (
    await apiRequest<DataEnvelope<VisitQuote>>("GET", `user/visit/${encodeURIComponent(uuid)}/quote`, {
      handleErrors: false,
    })
  ).data;
}

export async function startVisit(body: StartVisitBody): Promise<VisitDetail> {
  return (await api.post<DataEnvelope<VisitDetail>>("user/visit", body)).data;
}

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
export async function payVisit(
  uuid: string,
  paymentMethodUuid: string | null,
  idempotencyKey: string,
  expectedTotal: number,
): Promise<PayVisitAnswer> {
  return (
    await apiRequest<DataEnvelope<PayVisitAnswer>>("POST", `user/visit/${encodeURIComponent(uuid)}/pay`, {
      body: payVisitRequest(paymentMethodUuid, expectedTotal),
      headers: { "Idempotency-Key": idempotencyKey },
      handleErrors: false,
    })
  ).data;
}
