import { feeBreakdown } from "@estaciona/contracts";
import { BALANCE_SOURCE } from "@estaciona/contracts/balance";
import {
  meterDefaultMinutes,
  meterLimits,
  meterPresets,
  meterPurchaseSubtotal,
  meterStep,
} from "@estaciona/contracts/meters";
import { type MeterSession, type MeterZone, meterRulesOf } from "@estaciona/contracts/schemas/meters";
import { breakdownBody, feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { NumberInput } from "../../../components/number-input.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paths, pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { balancesQuery, refreshBalances } from "../../balance/index.ts";
import { paymentMethodsQuery, rememberReturnPath } from "../../payments/index.ts";
import { vehiclesQuery } from "../../vehicles/index.ts";
import { WalletPay } from "../../wallets/index.ts";
import { buyMeterTime, refreshMeterSessions } from "../api/meters.ts";
import { distanceMeters, farFromZone, positionIfGranted } from "../lib/preflight.ts";
import { MeterSessionCard } from "./session-card.tsx";
import "../../../lib/catalogues/home.ts";

/** The price and the limits follow the clock: recomputed this often (the zone may close meanwhile). */
const CLOCK_TICK_MS = 15_000;

type Outcome =
  | { kind: "ready" }
  | { kind: "paying" }
  | { kind: "paid"; session: MeterSession; at: number }
  | { kind: "failed"; message: string }
  | { kind: "three_ds" };

/** Now on the server's clock, ticking. */
function useServerNow(serverTime: string, fetchedAt: number): number {
  const skew = Date.parse(serverTime) - fetchedAt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now + skew;
}

/**
 * Buying time in a zone (docs/product/parking.md): a vehicle, the minutes with the spec's number input (clamped
 * to what the rules allow now), the all-in price and the exact end on the zone's clock from the
 * shared meter engine — the price shown is the price charged — then Pay with an Idempotency-Key.
 * A vehicle already paid here gets its session extended: only the added time is charged.
 */
export function BuyPanel({
  zone,
  fetchedAt,
  running,
  fixedSession,
  preferredVehicle = null,
}: {
  zone: MeterZone;
  fetchedAt: number;
  /** The driver's running sessions in this zone. */
  running: MeterSession[];
  /** Extend exactly this session (the reminder's link). */
  fixedSession: MeterSession | null;
  /** The vehicle to choose first ("pay again" from the driver's places), while it is still theirs. */
  preferredVehicle?: string | null;
}) {
  const { t } = useTranslation(["meters", "parking", "home"]);
  const { money, time, dateTime, duration, card } = useParkingFormat();
  const queryClient = useQueryClient();
  const vehicles = useQuery(vehiclesQuery());
  const methods = useQuery(paymentMethodsQuery());
  const now = useServerNow(zone.server_time, fetchedAt);
  const [chosenVehicle, setChosenVehicle] = useState<string | null>(null);
  const preferred = vehicles.data?.some((vehicle) => vehicle.uuid === preferredVehicle) ? preferredVehicle : null;
  const vehicleUuid = fixedSession?.vehicle.uuid ?? chosenVehicle ?? preferred ?? vehicles.data?.[0]?.uuid ?? null;
  const candidate =
    fixedSession ?? running.find((other) => other.vehicle.uuid === vehicleUuid && other.status === "active") ?? null;
  // Time that ran out while the page was open is not extended: new time is sold.
  const session = candidate && Date.parse(candidate.ends_at) > now ? candidate : null;
  const startedAt = session ? Date.parse(session.started_at) : now;
  const paidUntil = session ? Date.parse(session.ends_at) : now;
  const rules = meterRulesOf(zone);
  const limits = meterLimits(rules, startedAt, paidUntil);
  const [chosenMinutes, setChosenMinutes] = useState<number | null>(null);
  // Not a single minute: an extension starts where a new purchase does (docs/product/parking.md).
  const minutes = Math.min(
    limits.maxMinutes,
    Math.max(limits.minMinutes, chosenMinutes ?? meterDefaultMinutes(limits)),
  );
  const presets = meterPresets(limits);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "ready" });
  // Pre-flight (issue 26 item 6): the phone's distance from this zone, when it is over 300 m.
  const [farAway, setFarAway] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const farWalletMethod = useRef<string | undefined>(undefined);
  const defaultCard = (methods.data ?? []).find((method) => method.country === zone.country && method.is_default);
  // The balance that pays here (its operator's), when it holds money: a choice next to the card.
  const balance = useQuery(balancesQuery(zone.uuid)).data?.find((held) => held.amount > 0);
  const [source, setSource] = useState<"card" | "balance" | null>(null);
  const payWith = source ?? (defaultCard ? "card" : balance ? "balance" : "card");
  const here = pathTo("meter", { uuid: zone.uuid }, session ? { session: session.uuid } : undefined);

  if (outcome.kind === "paid")
    return (
      <section className="pay-panel pay-outcome pay-success" aria-labelledby="meter-paid-title" role="status">
        <h2 id="meter-paid-title">{t("paid_title")}</h2>
        <p>
          {t("paid_text", {
            code: outcome.session.zone.zone_code,
            time: time(outcome.session.ends_at, zone.time_zone),
            plate: outcome.session.vehicle.plate,
          })}
        </p>
        <MeterSessionCard session={outcome.session} fetchedAt={outcome.at} />
        <Link className="button button-secondary" to={paths.dashboard.path}>
          {t("parking:checkout.back_home")}
        </Link>
      </section>
    );

  if (vehicles.isPending) return null;
  if (!vehicleUuid)
    return (
      <section className="card" aria-labelledby="meter-buy-title">
        <h2 id="meter-buy-title">{t("buy_title")}</h2>
        <p className="muted">{t("no_vehicles")}</p>
        <Link className="button button-primary" to={paths.vehicles.path}>
          {t("add_vehicle")}
        </Link>
      </section>
    );

  const breakdown = breakdownBody(
    feeBreakdown(meterPurchaseSubtotal(rules, startedAt, paidUntil, minutes), feeRatesFromBody(zone.rates)),
    zone.currency,
  );
  const endsAt = paidUntil + minutes * 60_000;
  const busy = checking || outcome.kind === "paying" || outcome.kind === "three_ds";

  /**
   * Asks "are you at zone 107?" first when the phone, with its position allowed, is far from the zone.
   * `walletMethod`: the one-off method a wallet's sheet just gave, paying instead of the card or balance.
   */
  const checkThenPay = async (walletMethod?: string) => {
    setChecking(true);
    const phone = await positionIfGranted();
    setChecking(false);
    farWalletMethod.current = walletMethod;
    if (phone && farFromZone(phone, zone.coordinates)) return setFarAway(distanceMeters(phone, zone.coordinates));
    await pay(walletMethod);
  };

  const pay = async (walletMethod?: string) => {
    const body = {
      minutes,
      expected_total: breakdown.total,
      ...(walletMethod
        ? { payment_method_uuid: walletMethod }
        : payWith === "balance"
          ? { payment_method_uuid: BALANCE_SOURCE }
          : defaultCard
            ? { payment_method_uuid: defaultCard.uuid }
            : {}),
    };
    const target = session ? { session: session.uuid } : { zone: zone.uuid, vehicle: vehicleUuid };
    const signature = JSON.stringify([target, body]);
    // One key per attempt: a retry of the same purchase after no answer sends it again.
    if (attempt.current?.body !== signature) attempt.current = { key: crypto.randomUUID(), body: signature };
    setOutcome({ kind: "paying" });
    try {
      const answer = await buyMeterTime(target, body, attempt.current.key);
      attempt.current = null;
      void refreshMeterSessions(queryClient);
      void refreshBalances(queryClient);
      if (answer.payment.status === "requires_action" && answer.payment.redirect_url) {
        setOutcome({ kind: "three_ds" });
        rememberReturnPath(here);
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      setOutcome({ kind: "paid", session: answer.session, at: Date.now() });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // No answer or a server error: the charge may exist, keep the key for the retry.
      if (error.status !== 0 && error.status < 500) attempt.current = null;
      setOutcome({ kind: "failed", message: error.description ?? errorMessage(error.code, null) });
    }
  };

  return (
    <section className="card pay-panel" aria-labelledby="meter-buy-title">
      <h2 id="meter-buy-title">{session ? t("extend_title") : t("buy_title")}</h2>
      {fixedSession ? (
        <p>
          <span className="plate-badge">{fixedSession.vehicle.plate}</span>
        </p>
      ) : (
        <fieldset className="vehicle-choice">
          <legend>{t("vehicle_label")}</legend>
          {(vehicles.data ?? []).map((vehicle) => (
            <label key={vehicle.uuid} className="vehicle-choice-option">
              <input
                type="radio"
                name="meter-vehicle"
                value={vehicle.uuid}
                checked={vehicleUuid === vehicle.uuid}
                disabled={busy}
                onChange={() => setChosenVehicle(vehicle.uuid)}
              />
              <span className="plate-badge">{vehicle.plate}</span>
            </label>
          ))}
        </fieldset>
      )}
      {session && (
        <p className="muted">
          {t("running_here", { plate: session.vehicle.plate, time: time(session.ends_at, zone.time_zone) })}
        </p>
      )}
      {!limits.open ? (
        <p className="notice">
          {session
            ? t("at_max", { max: duration(zone.max_minutes) })
            : limits.opensAt
              ? t("free_now", { time: dateTime(limits.opensAt, zone.time_zone) })
              : t("free_now_closed")}
        </p>
      ) : (
        <>
          <fieldset className="meter-presets">
            <legend className="field-label">{t("presets_label")}</legend>
            <div className="segmented">
              {presets.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  className="segmented-option"
                  aria-pressed={preset === minutes}
                  disabled={busy}
                  onClick={() => setChosenMinutes(preset)}
                >
                  {duration(preset)}
                </button>
              ))}
            </div>
          </fieldset>
          <NumberInput
            label={t("duration_label")}
            name="minutes"
            value={minutes}
            min={limits.minMinutes}
            max={limits.maxMinutes}
            step={meterStep(rules)}
            onChange={setChosenMinutes}
          />
          <p className="muted">{duration(minutes)}</p>
          <p className="meter-ends-at" aria-live="polite">
            {t("ends_at", { time: time(endsAt, zone.time_zone) })}
          </p>
          <h3 className="pay-price-label">{t("price_label")}</h3>
          <FeeBreakdown amounts={breakdown} />
          <Suspense fallback={null}>
            <WalletPay
              country={zone.country}
              amount={breakdown.total}
              currency={breakdown.currency}
              disabled={busy}
              onMethod={(method) => void checkThenPay(method)}
            />
          </Suspense>
          {balance && (
            <fieldset className="vehicle-choice">
              <legend>{t("home:balance_pay_with")}</legend>
              {defaultCard && (
                <label className="vehicle-choice-option">
                  <input
                    type="radio"
                    name="meter-pay-with"
                    checked={payWith === "card"}
                    disabled={busy}
                    onChange={() => setSource("card")}
                  />
                  {t("home:balance_pay_card", {
                    card: card({ brand: defaultCard.brand, last4: defaultCard.card_number.slice(-4) }),
                  })}
                </label>
              )}
              <label className="vehicle-choice-option">
                <input
                  type="radio"
                  name="meter-pay-with"
                  checked={payWith === "balance"}
                  disabled={busy}
                  onChange={() => setSource("balance")}
                />
                {t("home:balance_pay_balance", { amount: money(balance.amount, balance.currency) })}
              </label>
            </fieldset>
          )}
          {methods.isPending || balance ? null : defaultCard ? (
            <p className="muted">
              {t("card_default", {
                card: card({ brand: defaultCard.brand, last4: defaultCard.card_number.slice(-4) }),
              })}
            </p>
          ) : (
            <p>
              {t("no_card")}{" "}
              <Link className="link" to={pathTo("payments", undefined, { redirect: here })}>
                {t("add_card")}
              </Link>
            </p>
          )}
          {outcome.kind === "failed" && (
            <div className="pay-error" role="alert">
              <p>{outcome.message}</p>
            </div>
          )}
          {outcome.kind === "three_ds" && (
            <p role="status" className="muted">
              {t("three_ds")}
            </p>
          )}
          {/* Kept in view at the curb: on a phone the breakdown may run below the fold, the total and Pay do not. */}
          <div className="meter-pay-bar">
            <button
              type="button"
              className="button button-primary button-block"
              disabled={busy || (payWith === "card" ? !defaultCard : !balance)}
              onClick={() => void checkThenPay()}
            >
              {outcome.kind === "paying"
                ? t("paying")
                : t("pay", { amount: money(breakdown.total, breakdown.currency) })}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={farAway !== null}
        title={t("preflight_zone_title", { code: zone.zone_code })}
        message={t("preflight_zone_text", {
          code: zone.zone_code,
          distance:
            farAway === null
              ? ""
              : farAway >= 1000
                ? `${(farAway / 1000).toFixed(1)} km`
                : `${Math.round(farAway / 10) * 10} m`,
        })}
        confirmLabel={t("preflight_zone_confirm", { code: zone.zone_code })}
        dismissLabel={t("preflight_zone_dismiss")}
        onConfirm={() => {
          setFarAway(null);
          void pay(farWalletMethod.current);
        }}
        onClose={() => setFarAway(null)}
      />
    </section>
  );
}
