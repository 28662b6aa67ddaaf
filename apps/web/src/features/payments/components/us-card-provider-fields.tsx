import type { CardFormConfig } from "@estaciona/contracts/schemas/payment";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../../lib/i18n.ts";
import { configureCollectJs } from "../lib/collect-js.ts";
import { askFrameToSubmit, type CollectCard, frameOrigin, readFrameMessage } from "../lib/frame-messages.ts";
import { useLatest } from "../lib/use-latest.ts";
import { CardFrame, frameUrlWith } from "./card-frame.tsx";

/** The provider side of the form: ask for a token; it answers through the callbacks. */
export interface TokenRequester {
  requestToken(): void;
}

interface UsProviderProps {
  config: CardFormConfig;
  hidden: boolean;
  providerRef: { current: TokenRequester | null };
  onReady: () => void;
  onUnavailable: () => void;
  onToken: (token: string, card: CollectCard) => void;
  onValidationFailed: () => void;
}

/** The card number, expiry and CVV: in the sandbox's stand-in frame, or in NMI Collect.js's fields. */
export function UsProviderFields(props: UsProviderProps) {
  if (props.config.frame_url) return <UsSandboxFrame {...props} frameUrl={props.config.frame_url} />;
  return <CollectJsFields {...props} />;
}

/** The sandbox's Collect.js stand-in: one iframe with the card fields; our button asks it to tokenise. */
function UsSandboxFrame(props: UsProviderProps & { frameUrl: string }) {
  const { frameUrl, hidden, providerRef } = props;
  const frame = useRef<HTMLIFrameElement>(null);
  const callbacks = useLatest(props);
  const src = frameUrlWith(frameUrl, { lang: currentLocale() });
  const origin = frameOrigin(src);

  useEffect(() => {
    providerRef.current = { requestToken: () => askFrameToSubmit(frame.current, origin) };
    const listener = (event: MessageEvent<unknown>) => {
      const message = readFrameMessage(event, { origin, frame: frame.current });
      if (!message) return;
      const { onReady, onToken, onValidationFailed } = callbacks.current;
      if (message.type === "sandbox:ready") onReady();
      else if (message.type === "collectjs:token") onToken(message.token, message.card);
      else if (message.type === "collectjs:validation" && !message.status) onValidationFailed();
    };
    window.addEventListener("message", listener);
    return () => {
      window.removeEventListener("message", listener);
      providerRef.current = null;
    };
  }, [origin, callbacks, providerRef]);

  return <CardFrame ref={frame} src={src} hidden={hidden} fieldsOnly />;
}

/**
 * NMI Collect.js inline (ecosystem.md §2.1–2.2): the script puts one gateway-hosted iframe in each
 * of these containers; `startPaymentRequest` tokenises and answers in `callback`.
 */
function CollectJsFields(props: UsProviderProps) {
  const { config, hidden, providerRef } = props;
  const { t } = useTranslation("payments");
  const callbacks = useLatest(props);
  const fieldLabel = t("form.frame_title");

  useEffect(() => {
    let current = true;
    const { script_url: scriptUrl, public_key: publicKey } = config;
    if (!scriptUrl || !publicKey) {
      console.warn("The Collect.js card form has no script URL or tokenization key.");
      callbacks.current.onUnavailable();
      return;
    }
    // One configuration per loaded Collect.js, shared with the wallet buttons (docs/decisions/0343).
    const lease = configureCollectJs(
      { scriptUrl, tokenizationKey: publicKey },
      {
        variant: "inline",
        fields: {
          ccnumber: { selector: "#collect-ccnumber", title: fieldLabel },
          ccexp: { selector: "#collect-ccexp", title: fieldLabel, placeholder: "MM / YY" },
          cvv: { selector: "#collect-cvv", title: fieldLabel },
        },
        callback: (response) => callbacks.current.onToken(response.token, response.card),
        validationCallback: (_field, valid) => {
          if (!valid) callbacks.current.onValidationFailed();
        },
        timeoutDuration: 10_000,
        timeoutCallback: () => callbacks.current.onValidationFailed(),
        fieldsAvailableCallback: () => callbacks.current.onReady(),
      },
    );
    void lease.ready.then((collect) => {
      if (!current) return;
      if (!collect) {
        callbacks.current.onUnavailable();
        return;
      }
      providerRef.current = { requestToken: () => collect.startPaymentRequest() };
    });
    return () => {
      current = false;
      lease.release();
      providerRef.current = null;
    };
  }, [config, fieldLabel, callbacks, providerRef]);

  return (
    <div className="collect-fields" hidden={hidden}>
      <div id="collect-ccnumber" />
      <div className="row">
        <div id="collect-ccexp" />
        <div id="collect-cvv" />
      </div>
    </div>
  );
}
