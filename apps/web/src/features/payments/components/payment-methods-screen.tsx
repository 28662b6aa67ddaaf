import type { PaymentMethod } from "@estaciona/contracts/schemas/payment";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { cardBrandName } from "../../../lib/card-brand.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { loadUser, sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import {
  type CardGateway,
  deletePaymentMethod,
  paymentMethodsKey,
  paymentMethodsQuery,
  setDefaultPaymentMethod,
} from "../api/payments.ts";
import { CardBrandMark } from "./card-brand-mark.tsx";
import { CardFormLoader } from "./card-form-loader.tsx";
import { needsPaymentProfile, PaymentProfileForm } from "./payment-profile-form.tsx";
import "../catalogue.ts";
import "../payments.css";

/**
 * The saved cards of one country (docs/product/screens-and-routes.md "payment methods list with add, set default and
 * delete"): brand mark, masked number, expiry and the default flag. The default card, while another
 * card exists, offers no "delete" and says how to remove it (issue 24 item 6; the server's
 * card_default_delete stays the guard); a card still needed (invalid_payment_source_delete) is
 * refused by the server, whose message the API client shows.
 */
export function PaymentMethodsScreen({ gateway, title }: { gateway: CardGateway; title: string }) {
  const { t } = useTranslation("payments");
  const { t: tCommon } = useTranslation("common");
  const queryClient = useQueryClient();
  const country = gateway === "us" ? "us" : "mx";
  const methods = useQuery(paymentMethodsQuery());
  const { user } = useStore(sessionStore);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);

  const setDefault = useMutation({
    mutationFn: (method: PaymentMethod) => setDefaultPaymentMethod(method.uuid),
    onSuccess: async () => {
      notifySuccess(t("default_changed"));
      await queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
    },
  });

  const remove = useMutation({
    mutationFn: (method: PaymentMethod) => deletePaymentMethod(method.uuid),
    onSuccess: async (remaining) => {
      queryClient.setQueryData(paymentMethodsQuery().queryKey, remaining);
      notifySuccess(t("deleted"));
      // Removing the last card clears the user's payment_methods flag.
      await loadUser();
    },
    onSettled: () => setDeleting(null),
  });

  const cardName = (method: PaymentMethod) =>
    t("card_label", { brand: cardBrandName(method.brand), last4: method.card_number.replace(/\D/g, "").slice(-4) });

  const list = (methods.data ?? []).filter((method) => method.country === country);
  return (
    <Page
      title={title}
      actions={
        <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
          {t("add_card_action")}
        </button>
      }
    >
      {methods.isPending ? (
        <LoadingSection />
      ) : list.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <ul className="card-list payment-method-list" aria-label={t("list_label")}>
          {list.map((method) => (
            <li key={method.uuid} className="card payment-method-card" aria-label={cardName(method)}>
              <div className="payment-method-summary">
                <CardBrandMark brand={method.brand} label={cardBrandName(method.brand)} />
                <div>
                  <p className="payment-method-number">{method.card_number}</p>
                  <p className="muted">{t("expires", { date: method.expiration })}</p>
                </div>
                {method.is_default && <span className="badge badge-default">{t("default_badge")}</span>}
              </div>
              <div className="card-actions">
                {!method.is_default && (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t("set_default_named", { card: cardName(method) })}
                    disabled={setDefault.isPending}
                    onClick={() => setDefault.mutate(method)}
                  >
                    {t("set_default")}
                  </button>
                )}
                {method.is_default && list.length > 1 ? (
                  <p className="muted">{t("default_delete_hint")}</p>
                ) : (
                  <button
                    type="button"
                    className="button button-ghost-danger"
                    aria-label={t("delete_named", { card: cardName(method) })}
                    onClick={() => setDeleting(method)}
                  >
                    {tCommon("actions.delete")}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <FormDialog open={adding} title={t("add_title")} onClose={() => setAdding(false)}>
        {adding &&
          (needsPaymentProfile(user) ? (
            user && <PaymentProfileForm user={user} />
          ) : (
            <CardFormLoader gateway={gateway} onSaved={() => setAdding(false)} />
          ))}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("delete_title")}
        message={t("delete_confirm", { card: deleting ? cardName(deleting) : "" })}
        confirmLabel={tCommon("actions.delete")}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
