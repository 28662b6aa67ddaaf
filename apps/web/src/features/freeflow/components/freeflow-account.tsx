import type { PaymentMethod } from "@estaciona/contracts/schemas/payment";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { cardBrandName } from "../../../lib/card-brand.ts";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { paymentMethodsQuery } from "../../payments/index.ts";
import "../../../lib/catalogues/screens.ts";
import "../freeflow.css";

/**
 * The card a freeflow exit charges (docs/product/parking.md): the Mexican card saved for freeflow, else the
 * default Mexican card.
 */
export function freeflowCard(methods: PaymentMethod[]): PaymentMethod | null {
  const mexican = methods.filter((method) => method.country === "mx");
  return mexican.find((method) => method.free_flow) ?? mexican.find((method) => method.is_default) ?? null;
}

/**
 * What a ticketless lot needs from the driver: the plates its cameras recognise and the card it
 * charges at the exit, each with the way to change it.
 */
export function FreeflowAccount({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { t } = useTranslation("screens");
  const { user } = useStore(sessionStore);
  const methods = useQuery(paymentMethodsQuery());
  const card = methods.data ? freeflowCard(methods.data) : null;
  const plates = user?.vehicles.map((vehicle) => vehicle.plate) ?? [];
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <div className="freeflow-account">
      <section aria-labelledby="freeflow-plates">
        <Heading id="freeflow-plates" className="freeflow-account-label">
          {t("freeflow.plates_label")}
        </Heading>
        {plates.length === 0 ? (
          <p>{t("freeflow.no_plates")}</p>
        ) : (
          <ul className="plate-list">
            {plates.map((plate) => (
              <li key={plate} className="plate-badge">
                {plate}
              </li>
            ))}
          </ul>
        )}
        <Link className="link" to={paths.vehicles.path}>
          {t("freeflow.manage_vehicles")}
        </Link>
      </section>
      <section aria-labelledby="freeflow-card">
        <Heading id="freeflow-card" className="freeflow-account-label">
          {t("freeflow.card_label")}
        </Heading>
        {methods.isPending ? null : card ? (
          <p>{t("freeflow.card", { brand: cardBrandName(card.brand), number: card.card_number })}</p>
        ) : (
          <p>{t("freeflow.no_card")}</p>
        )}
        <Link className="link" to={paths.payments.path}>
          {t("freeflow.manage_cards")}
        </Link>
      </section>
    </div>
  );
}
