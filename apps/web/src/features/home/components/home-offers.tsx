import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { getHostConfig, isFreeflowHost } from "../../../lib/host-config.ts";
import { BalanceCard } from "../../balance/index.ts";
import { ScanSignButton } from "../../signs/index.ts";
import { homeOffersQuery } from "../api/home.ts";
import { useNearMe } from "../lib/near-me.ts";
import { OfferSection } from "./offer-section.tsx";
import { YourPlaces } from "./your-places.tsx";
import "../../../lib/catalogues/home.ts";
import "../../../lib/catalogues/screens.ts";
import "../home.css";

/**
 * The home below the visits (docs/decisions/0170): the sections the host offers, in its order, each
 * row one tap into its flow. Lists start nearest the host's map centre; the browser is asked for the
 * position only when the driver taps "near me".
 */
export default function HomeOffers() {
  const { t } = useTranslation("home");
  const { position, locating, locate } = useNearMe();
  const offers = useQuery({ ...homeOffersQuery(position), placeholderData: keepPreviousData });

  if (!offers.data) return <LoadingSection />;
  const data = offers.data;
  const nearable = data.sections.some((section) => ["lots", "meters", "valet"].includes(section));
  // The balance shown is the one that pays at the first place listed: its operator's (docs/decisions/0210).
  const balanceAt = data.meter_zones[0] ?? data.lots[0] ?? data.valet[0];
  // After the host's own offers, which lead in the order the host set (decision 0170), before its help.
  const balance = balanceAt && (
    <BalanceCard
      location={{
        uuid: balanceAt.uuid,
        currency: balanceAt.currency,
        country: balanceAt.currency === "usd" ? "us" : "mx",
      }}
    />
  );
  return (
    <section className="home-offers" aria-label={t("offers_label")}>
      <YourPlaces />
      {/* A freeflow lot reads the plate at its cameras: there is no sign to scan (docs/decisions/0311). */}
      {nearable && !isFreeflowHost(getHostConfig()) && <ScanSignButton />}
      {nearable && (
        <div className="home-near">
          <p className="muted" aria-live="polite">
            {locating === "failed"
              ? t("near_me_failed")
              : data.near === "position"
                ? t("ordered_by_position")
                : t("ordered_by_host")}
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={locate}
            disabled={locating === "busy"}
            aria-pressed={data.near === "position"}
          >
            {locating === "busy" ? t("near_me_busy") : t("near_me")}
          </button>
        </div>
      )}
      {data.sections.map((section) => (
        <Fragment key={section}>
          {section === "help" && balance}
          <OfferSection section={section} offers={data} />
        </Fragment>
      ))}
      {!data.sections.includes("help") && balance}
    </section>
  );
}
