import { feeBreakdown } from "@estaciona/contracts";
import type { Event } from "@estaciona/contracts/schemas/events";
import { breakdownBody, feeRatesFromBody } from "@estaciona/contracts/schemas/parking";
import type { CreateVehicleBody } from "@estaciona/contracts/schemas/user";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { NumberInput } from "../../../components/number-input.tsx";
import { CardChoice, cardsFor } from "../../../components/parking/card-choice.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paths, pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { navigateTo } from "../../../lib/navigation.ts";
import { loadUser } from "../../../lib/session.ts";
import {
  HeldPlaceReference,
  PaymentChoice,
  type PaymentChoiceValue,
  useReferenceButtonLabel,
} from "../../payment-references/index.ts";
import { paymentMethodsQuery, rememberReturnPath } from "../../payments/index.ts";
import { createVehicle, VehicleForm, vehiclesKey, vehiclesQuery } from "../../vehicles/index.ts";
import { eventVisitQuery, purchaseEvent, refreshEvents } from "../api/events.ts";

const MINOR_PER_MAJOR = 100;

type Outcome =
  | { kind: "ready" }
  | { kind: "paying" }
  | { kind: "failed"; message: string }
  /** Paid later by reference (docs/decisions/0321): the panel shows the reference to pay. */
  | { kind: "reference"; paymentUuid: string; visitPath: string };

/**
 * Buying parking for an event: the vehicle, the amount (in whole pesos or dollars, within the
 * event's limits when it may be edited: docs/product/validation.md's number input), the card, the all-in price the
 * card is charged (the contracts' fee engine, as the server computes it), then pay. One
 * Idempotency-Key per attempt, kept for a retry after no answer (docs/product/money.md). In Mexico the
 * driver may pay by reference instead (docs/decisions/0321): the place is held until it expires.
 */
export function BuyPanel({ event }: { event: Event }) {
  const { t } = useTranslation(["events", "parking", "common"]);
  const { money } = useParkingFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const vehicles = useQuery(vehiclesQuery());
  const methods = useQuery(paymentMethodsQuery());
  const [chosenVehicle, setChosenVehicle] = useState<string | null>(null);
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const [paymentChoice, setPaymentChoice] = useState<PaymentChoiceValue>("card");
  const referenceLabel = useReferenceButtonLabel();
  const onReferencePaid = useCallback(() => void refreshEvents(queryClient), [queryClient]);
  const [major, setMajor] = useState(Math.round(event.amount.suggested / MINOR_PER_MAJOR));
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "ready" });
  const attempt = useRef<{ key: string; request: string } | null>(null);

  const addVehicle = useMutation({
    mutationFn: (body: CreateVehicleBody) => createVehicle(body),
    onSuccess: async (vehicle) => {
      setAdding(false);
      setChosenVehicle(vehicle.uuid);
      await queryClient.invalidateQueries({ queryKey: vehiclesKey });
      void loadUser();
    },
  });

  const cards = cardsFor(methods.data, event.currency);
  const selectedCard = chosenCard ?? cards[0]?.uuid ?? null;
  const vehicleList = vehicles.data ?? [];
  const selectedVehicle = chosenVehicle ?? vehicleList[0]?.uuid ?? null;
  const amount = event.amount.editable ? major * MINOR_PER_MAJOR : event.amount.suggested;
  const price = breakdownBody(feeBreakdown(amount, feeRatesFromBody(event.rates)), event.currency);
  const busy = outcome.kind === "paying" || outcome.kind === "reference";
  const byReference = paymentChoice !== "card";
  const here = pathTo("event", { uuid: event.uuid });

  const buy = async () => {
    if (!selectedVehicle || !(byReference || selectedCard)) return;
    const body = {
      vehicle_uuid: selectedVehicle,
      ...(byReference ? { reference_rail: paymentChoice } : { payment_method_uuid: selectedCard ?? undefined }),
      expected_total: price.total,
      ...(event.amount.editable ? { amount } : {}),
    };
    const request = JSON.stringify(body);
    if (attempt.current?.request !== request) attempt.current = { key: crypto.randomUUID(), request };
    const { key } = attempt.current;
    setOutcome({ kind: "paying" });
    try {
      const answer = await purchaseEvent(event.uuid, body, key);
      attempt.current = null;
      queryClient.setQueryData(eventVisitQuery(answer.visit.uuid).queryKey, answer.visit);
      void refreshEvents(queryClient);
      const visitPath = pathTo("eventVisit", { uuid: answer.visit.uuid });
      // A reference answers `requires_action` too: its screen shows here, not at the gateway.
      if (byReference) return setOutcome({ kind: "reference", paymentUuid: answer.payment.uuid, visitPath });
      if (answer.payment.status === "requires_action" && answer.payment.redirect_url) {
        rememberReturnPath(visitPath);
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      navigate(visitPath);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) return navigateTo(paths.notFound.path);
      // The session ended: the API client logs out, replaying the same key (nothing was charged).
      if (error.status === 401)
        return void (await purchaseEvent(event.uuid, body, key, { handleErrors: true }).catch(() => undefined));
      // No answer or a provider timeout: the charge may exist, so the retry sends the same key.
      if (error.status !== 0 && error.status < 500) attempt.current = null;
      setOutcome({ kind: "failed", message: error.description ?? errorMessage(error.code, null) });
    }
  };

  if (vehicles.isPending || methods.isPending) return <LoadingSection />;
  return (
    <section className="card buy-panel" aria-labelledby="buy-title">
      <h2 id="buy-title">{t("page.buy_title")}</h2>
      <fieldset className="vehicle-choice">
        <legend>{t("page.vehicle_label")}</legend>
        {vehicleList.length === 0 && <p className="muted">{t("page.no_vehicles")}</p>}
        {vehicleList.map((vehicle) => (
          <div key={vehicle.uuid} className="vehicle-choice-option">
            <label>
              <input
                type="radio"
                name="event-vehicle"
                value={vehicle.uuid}
                checked={selectedVehicle === vehicle.uuid}
                disabled={busy}
                onChange={() => setChosenVehicle(vehicle.uuid)}
              />
              <span className="plate-badge">{vehicle.plate}</span>
            </label>
          </div>
        ))}
        <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
          {t("page.add_vehicle")}
        </button>
      </fieldset>

      {event.amount.editable ? (
        <div className="event-amount">
          <NumberInput
            label={t("page.amount_label", { currency: event.currency.toUpperCase() })}
            name="event-amount"
            value={major}
            min={Math.ceil(event.amount.min / MINOR_PER_MAJOR)}
            max={Math.floor(event.amount.max / MINOR_PER_MAJOR)}
            onChange={setMajor}
          />
          <p className="muted">
            {t("page.amount_hint", {
              min: money(event.amount.min, event.currency),
              max: money(event.amount.max, event.currency),
            })}
          </p>
        </div>
      ) : (
        <p>{t("page.amount_fixed", { amount: money(event.amount.suggested, event.currency) })}</p>
      )}

      <PaymentChoice
        country={event.location.country}
        value={paymentChoice}
        disabled={busy}
        onChange={setPaymentChoice}
      />
      {!byReference && (
        <CardChoice
          cards={cards}
          loading={false}
          selected={selectedCard}
          onSelect={setChosenCard}
          disabled={busy}
          addCardPath={pathTo("payments", undefined, { redirect: here })}
        />
      )}

      <h3 className="pay-price-label">{t("page.price_label")}</h3>
      <FeeBreakdown amounts={price} rail={paymentChoice} />
      <p className="muted">{t("page.price_note")}</p>

      {outcome.kind === "failed" && (
        <div className="pay-error" role="alert">
          <p className="pay-error-title">{t("page.declined_title")}</p>
          <p>{outcome.message}</p>
        </div>
      )}
      {outcome.kind === "reference" ? (
        <HeldPlaceReference
          paymentUuid={outcome.paymentUuid}
          timeZone={event.location.time_zone}
          holds="event"
          to={outcome.visitPath}
          onPaid={onReferencePaid}
        />
      ) : (
        <button
          type="button"
          className="button button-primary button-block"
          disabled={busy || !selectedVehicle || !(byReference || selectedCard)}
          onClick={() => void buy()}
        >
          {busy
            ? t("page.buying")
            : outcome.kind === "failed"
              ? `${t("page.retry")} · ${money(price.total, price.currency)}`
              : byReference
                ? referenceLabel(money(price.total, price.currency))
                : t("page.buy", { amount: money(price.total, price.currency) })}
        </button>
      )}

      <FormDialog open={adding} title={t("page.add_vehicle")} onClose={() => setAdding(false)}>
        <VehicleForm
          submitLabel={addVehicle.isPending ? t("common:actions.saving") : t("common:actions.save")}
          busy={addVehicle.isPending}
          onSubmit={(body) => addVehicle.mutate(body)}
        />
      </FormDialog>
    </section>
  );
}
