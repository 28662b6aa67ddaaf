import { addDays, dateIn } from "@estaciona/contracts/periods";
import type { Plan, PlanQuote } from "@estaciona/contracts/schemas/subscriptions";
import type { CreateVehicleBody } from "@estaciona/contracts/schemas/user";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { CardChoice, cardsFor } from "../../../components/parking/card-choice.tsx";
import { FeeBreakdown } from "../../../components/parking/fee-breakdown.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { currentPath } from "../../../lib/navigation.ts";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { StudentIdForm } from "../../account/index.ts";
import { paymentMethodsQuery, rememberReturnPath } from "../../payments/index.ts";
import { createVehicle, VehicleForm, vehiclesKey, vehiclesQuery } from "../../vehicles/index.ts";
import "../../../lib/catalogues/vehicles.ts";
import { buyPass, planQuoteQuery, refreshPasses } from "../api/subscriptions.ts";
import { usePassFormat } from "../lib/format.ts";

/** How far ahead the first day may be (the API's rule, docs/decisions/0020). */
const MAX_START_DAYS_AHEAD = 90;

type Outcome = { kind: "ready" } | { kind: "paying" } | { kind: "failed"; message: string } | { kind: "three_ds" };

const failureText = (error: unknown): string =>
  error instanceof ApiError ? (error.description ?? errorMessage(error.code, null)) : String(error);

/**
 * Buying a pass (/pensiones/{plan uuid}): the vehicle, the first day (today, or a date from the
 * picker: the pass then waits in `trial` and is charged that day), a promo code, the card, and the
 * all-in first charge the server quotes for exactly those choices. Paying sends one
 * Idempotency-Key per attempt: a retry after no answer reuses it, so nothing is bought twice.
 * A student pass asks for a missing student id here, before paying (docs/decisions/0250).
 */
export function PlanCheckout({ plan, initialCode }: { plan: Plan; initialCode: string }) {
  const { t, money, day } = usePassFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useStore(sessionStore);
  const needsStudentId = plan.requires_student_id && !user?.student_id;
  const vehicles = useQuery(vehiclesQuery());
  const methods = useQuery(paymentMethodsQuery());
  const today = dateIn(plan.location.time_zone, Date.now());
  const [vehicleChoice, setVehicleChoice] = useState<string | null>(null);
  const [startMode, setStartMode] = useState<"today" | "date">("today");
  const [date, setDate] = useState(addDays(today, 1));
  const [codeInput, setCodeInput] = useState(initialCode);
  const [code, setCode] = useState(initialCode);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "ready" });
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const [addingVehicle, setAddingVehicle] = useState(false);
  // A driver who arrives here straight from sign-in (a partner landing) may have no vehicle yet.
  const addVehicle = useMutation({
    mutationFn: (body: CreateVehicleBody) => createVehicle(body),
    onSuccess: async (created) => {
      setAddingVehicle(false);
      setVehicleChoice(created.uuid);
      await queryClient.invalidateQueries({ queryKey: vehiclesKey });
    },
  });

  const startDate = startMode === "date" ? date : undefined;
  const withCode = useQuery(planQuoteQuery(plan.uuid, { start_date: startDate, discount_code: code || undefined }));
  const codeRefused = Boolean(code) && withCode.isError;
  const withoutCode = useQuery({ ...planQuoteQuery(plan.uuid, { start_date: startDate }), enabled: codeRefused });
  const quote: PlanQuote | undefined = codeRefused ? withoutCode.data : withCode.data;
  const quoteError = codeRefused ? withoutCode.error : withCode.error;

  const myVehicles = vehicles.data ?? [];
  const vehicle = vehicleChoice ?? myVehicles[0]?.uuid ?? null;
  const cards = cardsFor(methods.data, plan.currency);
  const card = cardChoice ?? cards[0]?.uuid ?? null;
  const busy = outcome.kind === "paying" || outcome.kind === "three_ds";
  const soldOut = plan.places_left === 0;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!quote || !vehicle || !card || needsStudentId) return;
    const body = {
      plan_uuid: plan.uuid,
      vehicle_uuid: vehicle,
      payment_method_uuid: card,
      ...(startDate ? { start_date: startDate } : {}),
      ...(quote.discount ? { discount_code: quote.discount.code } : {}),
      ...(quote.charged_now ? { expected_total: quote.first_period.total } : {}),
    };
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
    setOutcome({ kind: "paying" });
    try {
      const answer = await buyPass(body, attempt.current.key);
      attempt.current = null;
      void refreshPasses(queryClient);
      const passPath = pathTo("subscription", { uuid: answer.subscription.uuid });
      if (answer.payment?.status === "requires_action" && answer.payment.redirect_url) {
        setOutcome({ kind: "three_ds" });
        rememberReturnPath(passPath);
        window.location.assign(answer.payment.redirect_url);
        return;
      }
      navigate(passPath, { replace: true, state: { bought: true } });
    } catch (error) {
      if (!(error instanceof ApiError) || !(error.status === 0 || error.status >= 500)) attempt.current = null;
      setOutcome({ kind: "failed", message: failureText(error) });
      void refreshPasses(queryClient);
    }
  };

  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    setCode(codeInput.trim().toUpperCase());
  };

  const here = currentPath();
  return (
    <div className="pass-checkout">
      <p className="checkout-location">{plan.location.name}</p>
      <p className="muted">{plan.location.address}</p>
      <p>
        <strong>{plan.name}</strong> ·{" "}
        {t("subscriptions:plan.price_per_period", {
          amount: money(plan.period_price.total, plan.currency),
          interval: t(`subscriptions:interval.${plan.interval}`),
        })}
      </p>
      {plan.requires_student_id && <p className="pass-note">{t("subscriptions:plan.student_required")}</p>}
      {needsStudentId && user && plan.status !== "archived" && !soldOut && (
        <Suspense fallback={<LoadingSection />}>
          <StudentIdForm user={user} />
        </Suspense>
      )}
      {plan.location.email_domain && (
        <p className="pass-note">{t("subscriptions:plan.email_domain", { domain: plan.location.email_domain })}</p>
      )}
      {plan.status === "archived" ? (
        <p role="alert">{t("subscriptions:plan.archived")}</p>
      ) : soldOut ? (
        <p role="alert">{t("subscriptions:plan.sold_out")}</p>
      ) : (
        <>
          <form className="card" onSubmit={applyCode}>
            <div className="promo-form">
              <FormField
                label={t("subscriptions:plan.promo_label")}
                error={codeRefused ? failureText(withCode.error) : undefined}
              >
                {(ids) => (
                  <input
                    {...ids}
                    className="input"
                    value={codeInput}
                    autoCapitalize="characters"
                    onChange={(event) => setCodeInput(event.target.value)}
                  />
                )}
              </FormField>
              <button type="submit" className="button button-secondary" disabled={!codeInput.trim()}>
                {t("subscriptions:plan.promo_apply")}
              </button>
            </div>
            {quote?.discount && <PromoSummary quote={quote} />}
          </form>

          <form className="card" onSubmit={(event) => void pay(event)}>
            <fieldset>
              <legend>{t("subscriptions:plan.vehicle_label")}</legend>
              {vehicles.isPending ? null : myVehicles.length === 0 ? (
                <p className="muted">{t("subscriptions:plan.no_vehicles")}</p>
              ) : (
                myVehicles.map((item) => (
                  <label key={item.uuid} className="pass-option">
                    <input
                      type="radio"
                      name="pass-vehicle"
                      value={item.uuid}
                      checked={vehicle === item.uuid}
                      disabled={busy}
                      onChange={() => setVehicleChoice(item.uuid)}
                    />
                    <span className="plate-badge">{item.plate}</span>
                  </label>
                ))
              )}
              <button type="button" className="button button-secondary" onClick={() => setAddingVehicle(true)}>
                {t("subscriptions:plan.add_vehicle")}
              </button>
            </fieldset>

            <fieldset>
              <legend>{t("subscriptions:plan.start_label")}</legend>
              {(["today", "date"] as const).map((mode) => (
                <label key={mode} className="pass-option">
                  <input
                    type="radio"
                    name="pass-start"
                    value={mode}
                    checked={startMode === mode}
                    disabled={busy}
                    onChange={() => setStartMode(mode)}
                  />
                  {t(mode === "today" ? "subscriptions:plan.start_today" : "subscriptions:plan.start_on_date")}
                </label>
              ))}
              {startMode === "date" && (
                <FormField label={t("subscriptions:plan.date_label")}>
                  {(ids) => (
                    <input
                      {...ids}
                      type="date"
                      className="input"
                      value={date}
                      min={addDays(today, 1)}
                      max={addDays(today, MAX_START_DAYS_AHEAD)}
                      required
                      disabled={busy}
                      onChange={(event) => setDate(event.target.value)}
                    />
                  )}
                </FormField>
              )}
            </fieldset>

            <CardChoice
              cards={cards}
              loading={methods.isPending}
              selected={card}
              onSelect={setCardChoice}
              disabled={busy}
              addCardPath={pathTo("payments", undefined, { redirect: here })}
            />

            {quote ? (
              <>
                <p className="pass-note pass-ends">
                  {t("subscriptions:plan.first_period", { from: day(quote.start_date), to: day(quote.last_day) })}
                </p>
                <FeeBreakdown amounts={quote.first_period} />
                <p className="muted">
                  {quote.charged_now ? null : `${t("subscriptions:plan.trial_note", { date: day(quote.start_date) })} `}
                  {plan.interval === "one_time"
                    ? t("subscriptions:plan.one_time_note")
                    : t("subscriptions:plan.renews_note")}
                </p>
                {quote.renewals.length > 0 && (
                  <ul className="muted pass-renewals">
                    {quote.renewals.map((step, index) => (
                      <li key={step.from_period}>
                        {t(index === 0 ? "subscriptions:list.next_charge" : "subscriptions:plan.price_from", {
                          date: day(step.date),
                          amount: money(step.amounts.total, step.amounts.currency),
                        })}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ) : quoteError ? (
              <p role="alert">{failureText(quoteError)}</p>
            ) : (
              <LoadingSection />
            )}

            {outcome.kind === "failed" && (
              <div className="pay-error" role="alert">
                <p className="pay-error-title">{t("subscriptions:plan.declined_title")}</p>
                <p>{outcome.message}</p>
              </div>
            )}
            {outcome.kind === "three_ds" && (
              <p role="status" className="muted">
                {t("subscriptions:plan.three_ds")}
              </p>
            )}
            <button
              type="submit"
              className="button button-primary button-block"
              disabled={busy || !quote || !vehicle || !card || needsStudentId}
            >
              {outcome.kind === "paying"
                ? t("subscriptions:plan.paying")
                : quote && !quote.charged_now
                  ? t("subscriptions:plan.schedule")
                  : t("subscriptions:plan.pay", {
                      amount: quote ? money(quote.first_period.total, quote.first_period.currency) : "",
                    })}
            </button>
          </form>
        </>
      )}
      <FormDialog
        open={addingVehicle}
        title={t("subscriptions:plan.add_vehicle")}
        onClose={() => setAddingVehicle(false)}
      >
        <VehicleForm
          submitLabel={addVehicle.isPending ? t("common:actions.saving") : t("common:actions.save")}
          busy={addVehicle.isPending}
          onSubmit={(body) => addVehicle.mutate(body)}
        />
      </FormDialog>
    </div>
  );
}

function PromoSummary({ quote }: { quote: PlanQuote }) {
  const { t, money } = usePassFormat();
  const discount = quote.discount;
  if (!discount) return null;
  const off =
    discount.kind === "percent"
      ? t("subscriptions:promo.off_percent", { value: discount.value })
      : t("subscriptions:promo.off_amount", { amount: money(discount.value, quote.plan.currency) });
  const periods =
    discount.periods === null
      ? t("subscriptions:plan.promo_always")
      : t("subscriptions:plan.promo_periods", { count: discount.periods });
  return (
    <p className="pass-note" role="status">
      {t("subscriptions:plan.promo_applied", { code: discount.code, off })} {periods}
    </p>
  );
}
