import type { User } from "@estaciona/contracts/schemas/user";
import { QueryClientProvider } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queryClient } from "../../../lib/query-client.ts";
import { NoChargeNotice, needsPaymentProfile, PaymentMethodForm, PaymentProfileForm } from "../../payments/index.ts";
import { StepTitle } from "./step-title.tsx";

/**
 * Step 5: the no-charge notice and the card form for the payment locale. A driver without
 * e-mail, first or last name completes them first (a card needs them: `missing_email`).
 * "Add later" where the theme allows it (docs/product/screens-and-routes.md). Back from a card the
 * bank refused at 3-D Secure, it says so first (docs/decisions/0252).
 *
 * The wizard lives outside the app shell, which is where the query client is provided (it is
 * kept out of the sign-in screen's first download), so this lazy step brings the same client
 * along for the card forms.
 */
export default function PaymentStep({
  user,
  paymentLocale,
  canSkip,
  refusal = null,
  onDone,
}: {
  user: User;
  paymentLocale: "mx" | "us";
  canSkip: boolean;
  /** Why the bank refused the card just tried at 3-D Secure ("" when it gave no reason), or null. */
  refusal?: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("auth");
  return (
    <QueryClientProvider client={queryClient}>
      <div className="form">
        <StepTitle>{t("payment_step.heading")}</StepTitle>
        {refusal !== null && (
          <div className="notice notice-warning" role="alert">
            <p>{t("payment_step.card_refused")}</p>
            {refusal && <p>{refusal}</p>}
          </div>
        )}
        <NoChargeNotice country={paymentLocale} />
        {needsPaymentProfile(user) ? (
          <PaymentProfileForm user={user} />
        ) : (
          <PaymentMethodForm paymentLocale={paymentLocale} onSaved={onDone} />
        )}
        {canSkip && (
          <button type="button" className="button button-secondary button-block" onClick={onDone}>
            {t("payment_step.add_later")}
          </button>
        )}
      </div>
    </QueryClientProvider>
  );
}
