import { feeBreakdown } from "@estaciona/contracts";
import { BALANCE_SOURCE } from "@estaciona/contracts/balance";
import {
  meterDefaultMinutes,
  meterLimits,
  meterPresets,
  meterPurchaseSubtotal,
  meterStep,
} from "@estaciona/contracts/meters";
import { type PlateDoubt, plateDoubt } from "@estaciona/contracts/plates";
import { type MeterSession, type MeterZone, meterRulesOf } from "@estaciona/contracts/schemas/meters";
import { breakdownBody, feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paths, pathTo } from "../../../config/paths.ts";
import { BalancesKnown, payingBalancesQuery } from "../../balance/index.ts";
import { paymentMethodsQuery } from "../../payments/index.ts";
import { vehiclesQuery } from "../../vehicles/index.ts";
import { WalletPay } from "../../wallets/index.ts";
import { distanceMeters, farFromZone, positionIfGranted } from "../lib/preflight.ts";
import { useServerNow } from "../lib/server-clock.ts";
import { useMeterPurchase } from "../lib/use-meter-purchase.ts";
import { FarFromZoneDialog } from "./far-from-zone-dialog.tsx";
import { MeterDurationPicker } from "./meter-duration-picker.tsx";
import { MeterPayBar } from "./meter-pay-bar.tsx";
import { MeterPaySource } from "./meter-pay-source.tsx";
import { MeterTimePaid } from "./meter-time-paid.tsx";
import { MeterVehicleChoice } from "./meter-vehicle-choice.tsx";
import { PlateDoubtDialog } from "./plate-doubt-dialog.tsx";
import "../../../lib/catalogues/home.ts";

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
  const { money, time, dateTime, duration } = useParkingFormat();
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
  const { outcome, buy } = useMeterPurchase();
  // Pre-flight (issue 26 item 6): a doubtful plate, then the phone's distance from this zone when over 300 m.
  const [doubt, setDoubt] = useState<PlateDoubt | null>(null);
  const [farAway, setFarAway] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  // The one-off method a wallet's sheet gave, kept while a pre-flight question is asked.
  const farWalletMethod = useRef<string | undefined>(undefined);
  const defaultCard = (methods.data ?? []).find((method) => method.country === zone.country && method.is_default);
  // The balance that pays here (its operator's), when it holds money: a choice next to the card.
  const balance = useQuery(payingBalancesQuery(zone.uuid)).data?.find((held) => held.amount > 0);
  const [source, setSource] = useState<"card" | "balance" | null>(null);
  const payWith = source ?? (defaultCard ? "card" : balance ? "balance" : "card");
  const here = pathTo("meter", { uuid: zone.uuid }, session ? { session: session.uuid } : undefined);

  if (outcome.kind === "paid")
    return <MeterTimePaid session={outcome.session} fetchedAt={outcome.at} timeZone={zone.time_zone} />;

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
  const vehicle = vehicles.data?.find((own) => own.uuid === vehicleUuid) ?? null;

  /**
   * Asks "is ABC1O3D the right plate?" first for new time (an extension's plate was asked about when
   * its session was bought), then goes on to the zone's distance.
   */
  const checkPlateThenPay = (walletMethod?: string) => {
    const question =
      !session && vehicle
        ? plateDoubt(
            vehicle,
            (vehicles.data ?? []).map((own) => own.plate),
          )
        : null;
    farWalletMethod.current = walletMethod;
    if (question) return setDoubt(question);
    void checkThenPay(walletMethod);
  };

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
    await buy(target, body, here);
  };

  return (
    <section className="card pay-panel" aria-labelledby="meter-buy-title">
      <h2 id="meter-buy-title">{session ? t("extend_title") : t("buy_title")}</h2>
      <MeterVehicleChoice
        fixedPlate={fixedSession?.vehicle.plate ?? null}
        vehicles={vehicles.data ?? []}
        chosen={vehicleUuid}
        disabled={busy}
        onChoose={setChosenVehicle}
      />
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
          <MeterDurationPicker
            presets={presets}
            minutes={minutes}
            limits={limits}
            step={meterStep(rules)}
            endsAt={endsAt}
            timeZone={zone.time_zone}
            disabled={busy}
            onChange={setChosenMinutes}
          />
          <h3 className="pay-price-label">{t("price_label")}</h3>
          <FeeBreakdown amounts={breakdown} />
          {/* The wallets, the balance, the card and the pay button appear together, once the wallets and the balance are known. */}
          <Suspense fallback={<LoadingSection />}>
            <BalancesKnown locationUuid={zone.uuid} />
            <WalletPay
              country={zone.country}
              amount={breakdown.total}
              currency={breakdown.currency}
              disabled={busy}
              onMethod={checkPlateThenPay}
            />
            <MeterPaySource
              balance={balance ?? null}
              defaultCard={defaultCard ?? null}
              cardsLoading={methods.isPending}
              payWith={payWith}
              disabled={busy}
              addCardPath={pathTo("payments", undefined, { redirect: here })}
              onChoose={setSource}
            />
            <MeterPayBar
              outcome={outcome}
              total={money(breakdown.total, breakdown.currency)}
              disabled={busy || (payWith === "card" ? !defaultCard : !balance)}
              onPay={() => checkPlateThenPay()}
            />
          </Suspense>
        </>
      )}
      {vehicle && (
        <PlateDoubtDialog
          plate={vehicle.plate}
          state={vehicle.state}
          doubt={doubt}
          onConfirm={() => {
            setDoubt(null);
            void checkThenPay(farWalletMethod.current);
          }}
          onClose={() => setDoubt(null)}
        />
      )}
      <FarFromZoneDialog
        zoneCode={zone.zone_code}
        distance={farAway}
        onConfirm={() => {
          setFarAway(null);
          void pay(farWalletMethod.current);
        }}
        onClose={() => setFarAway(null)}
      />
    </section>
  );
}
