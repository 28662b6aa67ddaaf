import type { PaymentState } from "@estaciona/contracts/schemas/payment";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { rememberCardRefusal } from "../../../lib/card-refusal.ts";
import { loadUser, sessionStore } from "../../../lib/session.ts";
import { completeThreeDs } from "../api/payments.ts";
import { forgetReturnPath, returnPath } from "../lib/redirect.ts";
import "../catalogue.ts";
import "../payments.css";

const succeeded = (state: PaymentState) => state.status === "succeeded" || state.status === "refunded";

type ThreeDsResult =
  | { isPending: true; data?: undefined; error?: undefined }
  | { isPending: false; data: PaymentState; error?: undefined }
  | { isPending: false; data?: undefined; error: unknown };

/**
 * Asks the server once per payment. /3ds sits outside the app shell (no top bar, and no query
 * client), so this is a plain effect.
 */
function useThreeDsResult(payment: string | null): ThreeDsResult {
  const [result, setResult] = useState<ThreeDsResult>({ isPending: true });
  useEffect(() => {
    if (!payment) return;
    let current = true;
    setResult({ isPending: true });
    completeThreeDs(payment).then(
      (data) => current && setResult({ isPending: false, data }),
      (error: unknown) => current && setResult({ isPending: false, error }),
    );
    return () => {
      current = false;
    };
  }, [payment]);
  return result;
}

const cardTexts = {
  title: "three_ds.title",
  succeededTitle: "three_ds.succeeded_title",
  succeeded: "three_ds.succeeded",
  failedTitle: "three_ds.failed_title",
  failed: "three_ds.failed",
} as const;
const paymentTexts = {
  title: "three_ds.payment_title",
  succeededTitle: "three_ds.payment_succeeded_title",
  succeeded: "three_ds.payment_succeeded",
  failedTitle: "three_ds.payment_failed_title",
  failed: "three_ds.payment_failed",
} as const;

/**
 * /3ds: the bank's 3-D Secure page returns here with `payment` and `status`. The server re-reads
 * the charge from the gateway (`POST user/payment/3ds/complete`) — the query's `status` is only
 * what the bank's page said, so the server's answer decides what we show.
 */
export default function ThreeDsScreen() {
  const { t } = useTranslation("payments");
  const [searchParams] = useSearchParams();
  const payment = searchParams.get("payment");
  // The path the driver left from (the card list, the wizard, a visit's checkout or a redirect).
  const [backTo] = useState(() => returnPath() ?? paths.payments.path);
  const result = useThreeDsResult(payment);

  const verified = result.data !== undefined && succeeded(result.data);
  useEffect(() => {
    // The card is saved now: the user's payment_methods flag changed.
    if (verified && sessionStore.get().authenticated) void loadUser();
  }, [verified]);

  // A card the bank refused while the sign-up wizard saved it goes back to the wizard's card step
  // with the reason (docs/decisions/0252): the wizard, asked again, would otherwise go on without it.
  const navigate = useNavigate();
  // A refused card check answers its own code (invalid_verification_payment), or a failed state.
  const refusalCode =
    result.error instanceof ApiError && result.error.code === "invalid_verification_payment"
      ? result.error.code
      : result.data?.purpose === "card_verification" && !verified
        ? (result.data.failure_code ?? "")
        : null;
  const refusedInWizard = refusalCode !== null && new URL(backTo, window.location.origin).pathname === paths.login.path;
  useEffect(() => {
    if (!refusedInWizard || refusalCode === null) return;
    rememberCardRefusal(refusalCode ? errorMessage(refusalCode, null) : "");
    forgetReturnPath();
    navigate(backTo, { replace: true });
  }, [refusedInWizard, refusalCode, backTo, navigate]);

  // A card being saved is verified; anything else (a stay, a pass, a meter, an event, the valet) is paid.
  const texts = result.data && result.data.purpose !== "card_verification" ? paymentTexts : cardTexts;
  let title = t(texts.title);
  let body: React.ReactNode;
  if (!payment) body = <p className="notice notice-warning">{t("three_ds.missing")}</p>;
  else if (result.isPending) body = <LoadingSection />;
  else if (verified) {
    title = t(texts.succeededTitle);
    body = <p className="notice notice-success">{t(texts.succeeded)}</p>;
  } else {
    title = t(texts.failedTitle);
    const reason =
      result.error instanceof ApiError
        ? errorMessage(result.error.code, result.error.description)
        : result.data?.failure_code
          ? errorMessage(result.data.failure_code, null)
          : null;
    body = (
      <div className="notice notice-warning" role="alert">
        <p>{t(texts.failed)}</p>
        {reason && <p>{reason}</p>}
      </div>
    );
  }

  return (
    <Page title={title}>
      <div className="three-ds-result" aria-live="polite">
        {result.isPending && payment ? <p>{t("three_ds.checking")}</p> : null}
        {body}
        <Link className="button button-primary button-block" to={backTo} onClick={forgetReturnPath}>
          {backTo === paths.payments.path ? t("three_ds.back") : t("three_ds.continue")}
        </Link>
      </div>
    </Page>
  );
}
