import type { Country } from "@estaciona/contracts";
import { useTranslation } from "react-i18next";
import "../catalogue.ts";

/**
 * docs/product/screens-and-routes.md step 5 / docs/product/constants.md: a verification charge refunded immediately — 10 MXN in Mexico; the USA
 * gateway verifies with 1 USD (docs/decisions/0006).
 */
export function NoChargeNotice({ country }: { country: Country }) {
  const { t } = useTranslation("payments");
  return <p className="notice notice-info">{t(country === "us" ? "no_charge_notice_us" : "no_charge_notice")}</p>;
}
