import { addDays, dateIn } from "@estaciona/contracts/periods";
import type { Plan, PlanQuote } from "@estaciona/contracts/schemas/subscriptions";
import type { CreateVehicleBody } from "@estaciona/contracts/schemas/user";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, Suspense, useCallback, useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { CardChoice, cardsFor } from "../../../components/parking/card-choice.tsx";
import { pathTo } from "../../../config/paths.ts";
import { currentPath } from "../../../lib/navigation.ts";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { StudentIdForm } from "../../account/index.ts";
import {
  HeldPlaceReference,
  PaymentChoice,
  type PaymentChoiceValue,
  useReferenceButtonLabel,
} from "../../payment-references/index.ts";
import { paymentMethodsQuery } from "../../payments/index.ts";
import { createVehicle, VehicleForm, vehiclesKey, vehiclesQuery } from "../../vehicles/index.ts";
import "../../../lib/catalogues/vehicles.ts";
import { planQuoteQuery, refreshPasses } from "../api/subscriptions.ts";
import { failureText } from "../lib/failure-text.ts";
import { usePassFormat } from "../lib/format.ts";
import { usePassPurchase } from "../lib/use-pass-purchase.ts";
import { PassQuoteSummary } from "./pass-quote-summary.tsx";
import { PassStartChoice } from "./pass-start-choice.tsx";
import { PassVehicleChoice } from "./pass-vehicle-choice.tsx";
import { PromoCodeEntry } from "./promo-code-entry.tsx";

/**
 * Buying a pass (/pensiones/{plan uuid}): the vehicle, the first day (today, or a date from the
 * picker: the pass then waits in `trial` and is charged that day), a promo code, the card, and the
 * all-in first charge the server quotes for exactly those choices. Paying sends one
 * Idempotency-Key per attempt: a retry after no answer reuses it, so nothing is bought twice.
 * A student pass asks for a missing student id here, before paying (docs/decisions/0250). In Mexico
 * the driver may pay by reference instead of a card (docs/decisions/0321): the pass then starts today
 * and the reference to pay shows here, the place held until it expires.
 */
export function PlanCheckout({ plan, initialCode }: { plan: Plan; initialCode: string }) {
  const { t, money } = usePassFormat();
  const queryClient = useQueryClient();
  const { user } = useStore(sessionStore);
  const needsStudentId = plan.requires_student_id && !user?.student_id;
  const vehicles = useQuery(vehiclesQuery());
  const methods = useQuery(paymentMethodsQuery());
  const today = dateIn(plan.location.time_zone, Date.now());
  const [vehicleChoice, setVehicleChoice] = useState<string | null>(null);
  const [startMode, setStartMode] = useState<"today" | "date">("today");
  const [date, setDate] = useState(addDays(today, 1));
  const [code, setCode] = useState(initialCode);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [paymentChoice, setPaymentChoice] = useState<PaymentChoiceValue>("card");
  const referenceLabel = useReferenceButtonLabel();
  const onReferencePaid = useCallback(() => void refreshPasses(queryClient), [queryClient]);
  const { outcome, buy } = usePassPurchase();
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

  const byReference = paymentChoice !== "card";
  // A pass paid by reference starts today (docs/decisions/0314): the start choice is the card's.
  const startDate = startMode === "date" && !byReference ? date : undefined;
  const withCode = useQuery(planQuoteQuery(plan.uuid, { start_date: startDate, discount_code: code || undefined }));
  const codeRefused = Boolean(code) && withCode.isError;
  const withoutCode = useQuery({ ...planQuoteQuery(plan.uuid, { start_date: startDate }), enabled: codeRefused });
  const quote: PlanQuote | undefined = codeRefused ? withoutCode.data : withCode.data;
  const quoteError = codeRefused ? withoutCode.error : withCode.error;

  const myVehicles = vehicles.data ?? [];
  const vehicle = vehicleChoice ?? myVehicles[0]?.uuid ?? null;
  const cards = cardsFor(methods.data, plan.currency);
  const card = cardChoice ?? cards[0]?.uuid ?? null;
  const busy = outcome.kind === "paying" || outcome.kind === "three_ds" || outcome.kind === "reference";
  const payable = Boolean(quote && vehicle && (byReference || card) && !needsStudentId);
  const soldOut = plan.places_left === 0;

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!payable || !quote || !vehicle) return;
    void buy({
      plan_uuid: plan.uuid,
      vehicle_uuid: vehicle,
      ...(byReference ? { reference_rail: paymentChoice } : { payment_method_uuid: card ?? undefined }),
      ...(startDate ? { start_date: startDate } : {}),
      ...(quote.discount ? { discount_code: quote.discount.code } : {}),
      ...(quote.charged_now ? { expected_total: quote.first_period.total } : {}),
    });
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
          <PromoCodeEntry
            initialCode={initialCode}
            refusal={codeRefused ? failureText(withCode.error) : undefined}
            quote={quote}
            onApply={setCode}
          />

          <form className="card" onSubmit={pay}>
            <PassVehicleChoice
              vehicles={myVehicles}
              loading={vehicles.isPending}
              chosen={vehicle}
              disabled={busy}
              onChoose={setVehicleChoice}
              onAdd={() => setAddingVehicle(true)}
            />

            <PaymentChoice
              country={plan.location.country}
              value={paymentChoice}
              disabled={busy}
              onChange={setPaymentChoice}
            />

            {!byReference && (
              <>
                <PassStartChoice
                  mode={startMode}
                  date={date}
                  today={today}
                  disabled={busy}
                  onModeChange={setStartMode}
                  onDateChange={setDate}
                />
                <CardChoice
                  cards={cards}
                  loading={methods.isPending}
                  selected={card}
                  onSelect={setCardChoice}
                  disabled={busy}
                  addCardPath={pathTo("payments", undefined, { redirect: here })}
                />
              </>
            )}

            <PassQuoteSummary plan={plan} quote={quote} error={quoteError} rail={paymentChoice} />

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
            {outcome.kind === "reference" ? (
              <HeldPlaceReference
                paymentUuid={outcome.paymentUuid}
                timeZone={plan.location.time_zone}
                holds="pass"
                to={outcome.passPath}
                onPaid={onReferencePaid}
              />
            ) : (
              <button type="submit" className="button button-primary button-block" disabled={busy || !payable}>
                {outcome.kind === "paying"
                  ? t("subscriptions:plan.paying")
                  : byReference && quote
                    ? referenceLabel(money(quote.first_period.total, quote.first_period.currency))
                    : quote && !quote.charged_now
                      ? t("subscriptions:plan.schedule")
                      : t("subscriptions:plan.pay", {
                          amount: quote ? money(quote.first_period.total, quote.first_period.currency) : "",
                        })}
              </button>
            )}
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
