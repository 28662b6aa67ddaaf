import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { cardFormConfigQuery, saveUsCard } from "../api/payments.ts";
import { type CollectCard, usCardDetails } from "../lib/frame-messages.ts";
import { useCardSaved } from "../lib/use-card-saved.ts";
import { useFrameReload } from "../lib/use-frame-reload.ts";
import { NoChargeNotice } from "./no-charge-notice.tsx";
import { type TokenRequester, UsProviderFields } from "./us-card-provider-fields.tsx";
import "../catalogue.ts";
import "../payments.css";

/** The holder's name and ZIP code live in our DOM; card number, expiry and CVV only in the provider's iframe. */
const holderSchema = z.object({
  first_name: z.string().trim().min(1, { error: "validation.required" }).max(80, { error: "validation.max_length" }),
  last_name: z.string().trim().min(1, { error: "validation.required" }).max(80, { error: "validation.max_length" }),
  // docs/product/validation.md: numeric; the server takes a 5-digit ZIP or ZIP+4.
  zip_code: z
    .string()
    .trim()
    .regex(/^\d{5}(\d{4})?$/, { error: "payments.form.zip_code_invalid" }),
});
type HolderInput = z.input<typeof holderSchema>;
type HolderOutput = z.output<typeof holderSchema>;

type Phase = "loading" | "ready" | "tokenising" | "saving" | "unavailable";

/**
 * The USA card form (docs/product/entities-and-states.md, docs/product/validation.md and docs/product/calls-and-errors.md): NMI Collect.js-style. First name, last name and ZIP code
 * here; the card fields in the provider's iframe. Submit stays disabled until both names are
 * filled; the provider's token and masked card go to `POST user/nmi/payment/method`; a provider
 * validation failure shows complete_all_fields.
 */
export default function UsCardForm({ onSaved, showNotice = true }: { onSaved: () => void; showNotice?: boolean }) {
  const { t } = useTranslation("payments");
  const config = useQuery(cardFormConfigQuery("us"));
  const { succeeded, failed } = useCardSaved(onSaved);
  const [phase, setPhase] = useState<Phase>("loading");
  const [providerMessage, setProviderMessage] = useState<string | null>(null);
  const { session, frameCleared, clearAndReload } = useFrameReload();
  const provider = useRef<TokenRequester | null>(null);
  const holder = useRef<HolderOutput | null>(null);
  const { user } = useStore(sessionStore);

  const {
    control,
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<HolderInput, unknown, HolderOutput>({
    resolver: zodResolver(holderSchema),
    // The holder is usually the driver, whose names the profile already has (a card needs them):
    // they are filled in, not asked again, and stay editable for someone else's card.
    defaultValues: { first_name: user?.first_name ?? "", last_name: user?.last_name ?? "", zip_code: "" },
  });
  const [firstName, lastName] = useWatch({ control, name: ["first_name", "last_name"] });
  const namesFilled = firstName.trim() !== "" && lastName.trim() !== "";

  const saveToken = useCallback(
    async (token: string, card: CollectCard) => {
      // A token the frame sends without our submit (nothing asked for it): check the holder fields the same way.
      const checked = holder.current
        ? { success: true as const, data: holder.current }
        : holderSchema.safeParse(getValues());
      if (!checked.success) {
        void trigger();
        setPhase("ready");
        return;
      }
      const details = checked.data;
      setProviderMessage(null);
      setPhase("saving");
      try {
        const answer = await saveUsCard({ payment_token: token, ...details, ...usCardDetails(card) });
        await succeeded(answer);
      } catch (error) {
        failed(error);
        setPhase("loading");
        clearAndReload();
      } finally {
        holder.current = null;
      }
    },
    [succeeded, failed, getValues, trigger, clearAndReload],
  );

  // Collect.js also reports fields live while typing; only a failed submit is complete_all_fields.
  const validationFailed = useCallback(() => {
    if (!holder.current) return;
    holder.current = null;
    setPhase("ready");
    setProviderMessage(t("complete_all_fields"));
  }, [t]);
  const markReady = useCallback(() => setPhase((current) => (current === "loading" ? "ready" : current)), []);
  const markUnavailable = useCallback(() => setPhase("unavailable"), []);

  const submit = handleSubmit((values) => {
    if (phase !== "ready" || !provider.current) return;
    setProviderMessage(null);
    holder.current = values;
    setPhase("tokenising");
    provider.current.requestToken();
  });

  const busy = phase === "tokenising" || phase === "saving";
  const message = (error?: { message?: string }) => translateMessage(error?.message, { max: 80 });
  const onlyDigits = register("zip_code");

  return (
    <form className="form card-form" onSubmit={submit} noValidate>
      {showNotice && <NoChargeNotice country="us" />}
      <FormField label={t("form.first_name")} error={message(errors.first_name)}>
        {(control) => <input {...control} {...register("first_name")} className="input" autoComplete="cc-given-name" />}
      </FormField>
      <FormField label={t("form.last_name")} error={message(errors.last_name)}>
        {(control) => <input {...control} {...register("last_name")} className="input" autoComplete="cc-family-name" />}
      </FormField>
      <FormField label={t("form.zip_code")} hint={t("form.zip_code_hint")} error={message(errors.zip_code)}>
        {(control) => (
          <input
            {...control}
            {...onlyDigits}
            onChange={(event) => {
              event.target.value = event.target.value.replace(/\D/g, "").slice(0, 9);
              void onlyDigits.onChange(event);
            }}
            className="input"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={9}
          />
        )}
      </FormField>
      {providerMessage && (
        <p className="notice notice-warning" role="alert">
          {providerMessage}
        </p>
      )}
      {phase === "unavailable" && <p className="notice notice-warning">{t("form.unavailable")}</p>}
      {(config.isPending || phase === "loading" || phase === "saving") && (
        <div className="card-form-status" role="status">
          <LoadingSection />
          <span>{phase === "saving" ? t("form.saving") : t("form.loading")}</span>
        </div>
      )}
      {config.isError && <p className="notice notice-warning">{t("form.unavailable")}</p>}
      {config.data && !frameCleared && (
        <UsProviderFields
          key={session}
          config={config.data}
          hidden={phase === "saving"}
          providerRef={provider}
          onReady={markReady}
          onUnavailable={markUnavailable}
          onToken={saveToken}
          onValidationFailed={validationFailed}
        />
      )}
      {!namesFilled && <p className="field-hint">{t("form.names_required")}</p>}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={!namesFilled || phase !== "ready" || busy}
      >
        {phase === "saving" ? t("form.saving") : t("add_card")}
      </button>
    </form>
  );
}
