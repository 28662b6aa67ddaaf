import { feeBreakdown, nextFeeChange, stayQuote } from "@estaciona/contracts";
import { getLocation } from "@estaciona/contracts/endpoints/parking";
import type { FeeBreakdownBody, VisitDetail } from "@estaciona/contracts/schemas/parking";
import { breakdownBody, feeRatesFromBody, tariffFromBody } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { endpointQuery } from "../../lib/endpoint-query.ts";
import { useParkingFormat } from "./format.ts";

/** The live fee is recomputed this often (the fee engine works in whole minutes). */
export const LIVE_FEE_TICK_MS = 30_000;

export interface LiveQuote {
  breakdown: FeeBreakdownBody;
  durationMinutes: number;
  /** The next time the price goes up, with the all-in total from then; null when it will not today. */
  nextChange: { at: number; total: number } | null;
  /** True when computed on this device from the tariff; false while it shows the server's quote. */
  live: boolean;
}

/**
 * What paying the visit would charge now, ticking every 30 s: the shared fee engine over the
 * quote's tariff and the location's rates, on the server's clock (`fetchedAt` is when the visit
 * arrived: the difference to the quote's `at` corrects a phone whose clock is off). A stay whose
 * clock has stopped (the vehicle left, a declined freeflow exit) keeps the server's quote.
 */
export function useLiveQuote(visit: VisitDetail, fetchedAt: number): LiveQuote | null {
  const quote = visit.quote;
  const ticking = quote !== null && visit.status === "in_progress" && visit.entered_at !== null && !visit.exited_at;
  const location = useQuery({
    ...endpointQuery(getLocation, { params: { uuid: visit.location.uuid } }),
    enabled: ticking,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const clockOffsetMs = quote ? Date.parse(quote.at) - fetchedAt : 0;
  const [now, setNow] = useState(() => Date.now() + clockOffsetMs);
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now() + clockOffsetMs);
    const timer = setInterval(() => setNow(Date.now() + clockOffsetMs), LIVE_FEE_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking, clockOffsetMs]);

  if (!quote) return null;
  const { visit_uuid: _visit, at: _at, duration_minutes, tariff: _tariff, ...serverBreakdown } = quote;
  if (!ticking || !location.data || !visit.entered_at)
    return { breakdown: serverBreakdown, durationMinutes: duration_minutes, nextChange: null, live: false };

  const tariff = tariffFromBody(quote.tariff);
  const rates = feeRatesFromBody(location.data.rates);
  const at = Math.max(now, Date.parse(quote.at));
  const next = nextFeeChange(tariff, visit.entered_at, at);
  return {
    // The shared fee engine at `at`, in the wire's shape: exactly what paying at `at` charges.
    breakdown: breakdownBody(stayQuote(tariff, rates, visit.entered_at, at), quote.currency),
    durationMinutes: Math.max(0, Math.floor((at - Date.parse(visit.entered_at)) / 60_000)),
    nextChange: next ? { at: next.until, total: feeBreakdown(next.nextFee, rates).total } : null,
    live: true,
  };
}

/** The running fee of an open visit: total, time parked, and when the price goes up next. */
export function LiveFee({ visit, live }: { visit: VisitDetail; live: LiveQuote }) {
  const { t, money, duration, time } = useParkingFormat();
  const zone = visit.location.time_zone;
  const { breakdown, nextChange } = live;
  return (
    <div className="live-fee">
      <p className="live-fee-label">{t("live.label")}</p>
      <p className="live-fee-amount" aria-live="polite" data-testid="live-fee">
        {money(breakdown.total, breakdown.currency)}
      </p>
      {visit.entered_at && (
        <p className="muted">
          {t("live.since", { time: time(visit.entered_at, zone) })} ·{" "}
          {t("live.duration", { duration: duration(live.durationMinutes) })}
        </p>
      )}
      {live.live && nextChange && breakdown.subtotal === 0 && (
        <p className="live-fee-next">{t("live.free_until", { time: time(nextChange.at, zone) })}</p>
      )}
      {live.live && nextChange && (
        <p className="live-fee-next">
          {t("live.next_change", {
            amount: money(nextChange.total, breakdown.currency),
            time: time(nextChange.at, zone),
          })}
        </p>
      )}
      {live.live && !nextChange && breakdown.subtotal > 0 && <p className="live-fee-next">{t("live.capped")}</p>}
    </div>
  );
}
