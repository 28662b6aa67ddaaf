import type { CardFormConfig } from "@estaciona/contracts/schemas/payment";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { getHostConfig, isFreeflowHost } from "../../../lib/host-config.ts";
import { cardFormConfigQuery, getConektaCheckoutRequest, saveMexicanCard } from "../api/payments.ts";
import { frameOrigin, readFrameMessage } from "../lib/frame-messages.ts";
import { loadScript } from "../lib/load-script.ts";
import { providerGlobals } from "../lib/provider-globals.ts";
import { useCardSaved } from "../lib/use-card-saved.ts";
import { useFrameReload } from "../lib/use-frame-reload.ts";
import { useLatest } from "../lib/use-latest.ts";
import { CardFrame, frameUrlWith } from "./card-frame.tsx";
import { NoChargeNotice } from "./no-charge-notice.tsx";
import "../catalogue.ts";

type Phase = "loading" | "ready" | "saving" | "unavailable";

/**
 * The Mexican card form (docs/product/entities-and-states.md "Card forms", docs/product/calls-and-errors.md): Conekta's card component — or NetPay's on
 * /pagos-netpay — renders the card fields in the provider's iframe; its token is saved with
 * `POST user/payment/method` (or `user/netpay/payment/method`). A token error shows a warning;
 * a failed save shows payment_method_warning, clears the frame and reloads it after
 * CARD_RELOAD_DELAY_MS (a token is single-use, so the driver starts over in a fresh form).
 */
export default function MexicanCardForm({
  gateway = "mx",
  onSaved,
  showNotice = true,
}: {
  gateway?: "mx" | "netpay";
  onSaved: () => void;
  showNotice?: boolean;
}) {
  const { t } = useTranslation("payments");
  const config = useQuery(cardFormConfigQuery(gateway));
  const { succeeded, failed } = useCardSaved(onSaved);
  const [phase, setPhase] = useState<Phase>("loading");
  const [warning, setWarning] = useState<string | null>(null);
  const { session, frameCleared, clearAndReload } = useFrameReload();
  const saving = useRef(false);

  const saveToken = useCallback(
    async (token: string) => {
      if (saving.current) return;
      saving.current = true;
      setWarning(null);
      setPhase("saving");
      try {
        const answer = await saveMexicanCard(gateway, { token, free_flow: isFreeflowHost(getHostConfig()) });
        await succeeded(answer);
      } catch (error) {
        failed(error);
        setPhase("loading");
        clearAndReload();
      } finally {
        saving.current = false;
      }
    },
    [gateway, succeeded, failed, clearAndReload],
  );

  const markReady = useCallback(() => setPhase((current) => (current === "loading" ? "ready" : current)), []);
  const markUnavailable = useCallback(() => setPhase("unavailable"), []);

  const tokenError = useCallback(
    (message: string | undefined) => {
      setWarning(message ? `${t("form.token_error")} ${message}` : t("form.token_error"));
    },
    [t],
  );

  // docs/product/calls-and-errors.md: every Conekta session starts from a checkout request id; a reload asks for a new one.
  const checkout = useQuery({
    queryKey: ["conekta-checkout-request", session],
    queryFn: getConektaCheckoutRequest,
    enabled: gateway === "mx" && config.data !== undefined && !frameCleared,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const checkoutRequestId = checkout.data ?? null;

  if (config.isError || checkout.isError) return <p className="notice notice-warning">{t("form.unavailable")}</p>;
  const ready = config.data && (gateway === "netpay" || checkoutRequestId !== null) && !frameCleared;

  return (
    <div className="card-form">
      {showNotice && <NoChargeNotice country="mx" />}
      {warning && (
        <p className="notice notice-warning" role="alert">
          {warning}
        </p>
      )}
      {phase === "unavailable" && <p className="notice notice-warning">{t("form.unavailable")}</p>}
      {(phase === "loading" || phase === "saving" || frameCleared) && phase !== "unavailable" && (
        <div className="card-form-status" role="status">
          <LoadingSection />
          <span>{phase === "saving" ? t("form.saving") : t("form.loading")}</span>
        </div>
      )}
      {ready && config.data && (
        <ProviderCardComponent
          key={session}
          config={config.data}
          checkoutRequestId={checkoutRequestId}
          hidden={phase === "saving"}
          onReady={markReady}
          onUnavailable={markUnavailable}
          onToken={saveToken}
          onTokenError={tokenError}
        />
      )}
    </div>
  );
}

interface ProviderComponentProps {
  config: CardFormConfig;
  checkoutRequestId: string | null;
  hidden: boolean;
  onReady: () => void;
  onUnavailable: () => void;
  onToken: (token: string) => void;
  onTokenError: (message: string | undefined) => void;
}

/** The sandbox's hosted form in our iframe, or the real provider's component. */
function ProviderCardComponent(props: ProviderComponentProps) {
  if (props.config.frame_url) return <SandboxFrame {...props} frameUrl={props.config.frame_url} />;
  if (props.config.form === "conekta") return <ConektaComponent {...props} />;
  return <UnsupportedProvider onUnavailable={props.onUnavailable} />;
}

function SandboxFrame(props: ProviderComponentProps & { frameUrl: string }) {
  const { frameUrl, checkoutRequestId, hidden, onReady } = props;
  const frame = useRef<HTMLIFrameElement>(null);
  const callbacks = useLatest(props);
  // docs/product/constants.md: the Mexican card form's locale is es.
  const src = frameUrlWith(frameUrl, { lang: "es", checkout_request_id: checkoutRequestId });
  const origin = frameOrigin(src);

  useEffect(() => {
    const listener = (event: MessageEvent<unknown>) => {
      const message = readFrameMessage(event, { origin, frame: frame.current });
      if (!message) return;
      const { onReady, onToken, onTokenError } = callbacks.current;
      if (message.type === "sandbox:ready") onReady();
      else if (message.type === "conekta:token" || message.type === "netpay:token") onToken(message.token);
      else if (message.type === "conekta:error") onTokenError(message.error.details?.[0]?.message);
      else if (message.type === "netpay:error") onTokenError(message.message);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [origin, callbacks]);

  return <CardFrame ref={frame} src={src} hidden={hidden} onLoad={onReady} />;
}

/** Conekta's card component (ecosystem.md §1.2): it draws its own iframe into our container. */
function ConektaComponent(props: ProviderComponentProps) {
  const { config, checkoutRequestId, hidden } = props;
  const callbacks = useLatest(props);
  const containerId = `conekta-card-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let current = true;
    const target = container.current;
    const { script_url: scriptUrl, public_key: publicKey } = config;
    const { onReady, onUnavailable } = callbacks.current;
    if (!scriptUrl || !publicKey) {
      console.warn("The Conekta card form has no script URL or public key.");
      onUnavailable();
      return;
    }
    void loadScript(scriptUrl).then((loaded) => {
      const components = providerGlobals().ConektaCheckoutComponents;
      if (!current) return;
      if (!loaded || !components) {
        if (loaded) console.warn("The Conekta script loaded without ConektaCheckoutComponents.");
        onUnavailable();
        return;
      }
      components.Card({
        config: {
          locale: "es",
          publicKey,
          targetIFrame: `#${containerId}`,
          ...(checkoutRequestId ? { checkoutRequestId } : {}),
        },
        callbacks: {
          onCreateTokenSucceeded: (token) => {
            const id = typeof token === "string" ? token : token.id;
            if (id) callbacks.current.onToken(id);
          },
          onCreateTokenError: (error) => callbacks.current.onTokenError(error.details?.[0]?.message),
          onGetInfoSuccess: () => callbacks.current.onReady(),
        },
        // "Colour by theme" (docs/product/constants.md): the component's button takes the host's brand colour.
        options: { colorPrimary: getHostConfig().brand.primary_color, autoResize: true },
      });
      onReady();
    });
    return () => {
      current = false;
      // Clear the provider's frame; a reload draws a new one.
      target?.replaceChildren();
    };
  }, [config, checkoutRequestId, containerId, callbacks]);
  return <div id={containerId} ref={container} className="card-frame-container" hidden={hidden} />;
}

/**
 * NetPay's browser library draws its card form into the merchant's own page (ecosystem.md §3),
 * which would put card inputs in our DOM (PCI-1). Until NetPay offers a hosted frame the live
 * NetPay form is not offered; the sandbox stands in for it.
 */
function UnsupportedProvider({ onUnavailable }: { onUnavailable: () => void }) {
  useEffect(() => {
    console.warn("This card provider has no hosted card frame; its form is not offered.");
    onUnavailable();
  }, [onUnavailable]);
  return null;
}
