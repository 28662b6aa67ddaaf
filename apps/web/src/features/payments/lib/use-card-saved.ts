import type { SavedCardAnswer } from "@estaciona/contracts/schemas/payment";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { showErrorDialog } from "../../../lib/error-dialog.ts";
import { i18n } from "../../../lib/i18n.ts";
import { currentPath, safeAppPath } from "../../../lib/navigation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { loadUser, logout } from "../../../lib/session.ts";
import { paymentMethodsKey } from "../api/payments.ts";
import { rememberReturnPath } from "./redirect.ts";

/** Leaves the app for the bank's 3-D Secure page (it returns to /3ds). Replaceable in tests. */
export const threeDsNavigation = { go: (url: string) => window.location.assign(url) };

/**
 * Why saving failed, for the dialog: payment_method_warning (docs/product/calls-and-errors.md) followed by the server's
 * reason when it gave one (a declined or expired card, the provider not answering).
 */
export function saveFailureMessage(error: unknown): string {
  const warning = i18n.t("payments:payment_method_warning");
  if (!(error instanceof ApiError) || error.status === 0) return `${warning} ${i18n.t("errors:server_error")}`;
  const reason =
    error.status >= 500
      ? (error.description ?? i18n.t("errors:server_error"))
      : errorMessage(error.code, error.description);
  return `${warning} ${reason}`;
}

/**
 * What every card form does with the answer of a save (docs/product/entities-and-states.md "Card forms"): a 3-D Secure
 * challenge leaves for the bank; success refreshes the user (its payment_methods_mx/us flag)
 * and the card list, then follows a `redirect` query if there is one, else closes the form.
 */
export function useCardSaved(onSaved: () => void) {
  const { t } = useTranslation("payments");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeAppPath(searchParams.get("redirect"));

  const succeeded = async (answer: SavedCardAnswer): Promise<void> => {
    if (answer.verification.status === "requires_action" && answer.verification.redirect_url) {
      rememberReturnPath(redirect ?? currentPath());
      threeDsNavigation.go(answer.verification.redirect_url);
      return;
    }
    notifySuccess(t("saved"));
    await Promise.all([loadUser(), queryClient.invalidateQueries({ queryKey: paymentMethodsKey })]);
    if (redirect) navigate(redirect);
    else onSaved();
  };

  /** Shows why the save failed; an expired session logs out like every other call. */
  const failed = (error: unknown): void => {
    if (error instanceof ApiError && error.status === 401) {
      void logout();
      return;
    }
    showErrorDialog(saveFailureMessage(error));
  };

  return { succeeded, failed };
}
