import { useConsoleFormat } from "../lib/format.ts";

/** Where Apple looks for a hostname's domain verification (docs/decisions/0286). */
const APPLE_PAY_FILE = "/.well-known/apple-developer-merchantid-domain-association";

/** How to verify a host's hostname with Apple, so Apple Pay shows there (docs/product/wallets.md). */
export function ApplePayDomain({ hostname }: { hostname: string }) {
  const { t } = useConsoleFormat();
  const url = `https://${hostname}${APPLE_PAY_FILE}`;
  return (
    <details>
      <summary>{t("hosts.apple_pay_title", { hostname })}</summary>
      <p>{t("hosts.apple_pay_steps", { hostname })}</p>
      <p>
        <code>{url}</code>
      </p>
      <p className="muted">{t("hosts.apple_pay_google")}</p>
    </details>
  );
}
