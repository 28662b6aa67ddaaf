import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import "../catalogue.ts";
import "../payments.css";

/**
 * The provider's hosted card form in an iframe: the card number, expiry and CVV are typed only
 * there, never in this page's DOM (PCI-1, reliability.md §3).
 */
export const CardFrame = forwardRef<
  HTMLIFrameElement,
  {
    src: string;
    hidden?: boolean;
    onLoad?: () => void;
    /** Only the card fields (Collect.js style: the page has the holder's name and the button), so a shorter frame. */
    fieldsOnly?: boolean;
  }
>(function CardFrame({ src, hidden = false, onLoad, fieldsOnly = false }, ref) {
  const { t } = useTranslation("payments");
  return (
    <iframe
      ref={ref}
      className={fieldsOnly ? "card-frame card-frame-fields-only" : "card-frame"}
      src={src}
      title={t("form.frame_title")}
      hidden={hidden}
      onLoad={onLoad}
      referrerPolicy="same-origin"
    />
  );
});

/** A frame URL with extra query values (the form's language, the checkout request). */
export function frameUrlWith(frameUrl: string, values: Record<string, string | null | undefined>): string {
  const url = new URL(frameUrl, window.location.href);
  for (const [name, value] of Object.entries(values)) if (value) url.searchParams.set(name, value);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}
