import { useTranslation } from "react-i18next";
import { getHostConfig } from "../../../lib/host-config.ts";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { canAddLater } from "../../auth/wizard-flow.ts";
import { usePaymentLocale } from "../lib/payment-locale.ts";
import { CardFormLoader } from "./card-form-loader.tsx";
import { needsProfileCompletion, ProfileCompletionForm } from "./profile-completion-form.tsx";
import "../catalogue.ts";

/**
 * The wizard's step 5 (spec §2, §4): the no-charge notice; the completion form first when the
 * driver lacks e-mail, first name or last name; then the USA card form when the payment locale
 * is us, otherwise the Mexican one; "add later" on the isisa and default themes. `onClose` runs
 * after a saved card or "add later": the wizard reloads the profile and moves on.
 */
export default function PaymentStep({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("auth");
  const { user } = useStore(sessionStore);
  const locale = usePaymentLocale();
  const theme = getHostConfig().theme;

  return (
    <div className="form payment-step">
      <h2 className="step-title">{t("payment_step.heading")}</h2>
      <p className="notice notice-info">{t("payment_step.no_charge_notice")}</p>
      {user && needsProfileCompletion(user) ? (
        // Saving updates the session's user, which brings the card form in.
        <ProfileCompletionForm user={user} />
      ) : (
        <CardFormLoader gateway={locale === "us" ? "us" : "mx"} onSaved={onClose} showNotice={false} />
      )}
      {canAddLater(theme) && (
        <button type="button" className="button button-secondary button-block" onClick={onClose}>
          {t("payment_step.add_later")}
        </button>
      )}
    </div>
  );
}
