import { useTranslation } from "react-i18next";
import "../catalogue.ts";

/** Spec §2 step 5 / §9: a 10 MXN verification charge, refunded immediately. */
export function NoChargeNotice() {
  const { t } = useTranslation("payments");
  return <p className="notice notice-info">{t("no_charge_notice")}</p>;
}
