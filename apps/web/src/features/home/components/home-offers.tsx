import type { HomeSection } from "@estaciona/contracts/home";
import type { HomeOffers as Offers } from "@estaciona/contracts/schemas/home";
import type { Plan } from "@estaciona/contracts/schemas/subscriptions";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { paths, pathTo } from "../../../config/paths.ts";
import { BalanceCard } from "../../balance/index.ts";
import { EventList } from "../../events/index.ts";
import { FreeflowAccount } from "../../freeflow/index.ts";
import { homeOffersQuery } from "../api/home.ts";
import { StarToggle } from "./star-toggle.tsx";
import { YourPlaces } from "./your-places.tsx";
import "../../../lib/catalogues/home.ts";
import "../../../lib/catalogues/screens.ts";
import "../home.css";

type Position = { lat: number; lng: number };
type Locating = "idle" | "busy" | "failed";

/** Metres as a person reads them: "350 m", "2.4 km", in the language. */
function useDistance() {
  const { locale } = useParkingFormat();
  return (metres: number) =>
    metres < 1000
      ? new Intl.NumberFormat(locale, { style: "unit", unit: "meter" }).format(
          Math.max(10, Math.round(metres / 10) * 10),
        )
      : new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 }).format(
          metres / 1000,
        );
}

/**
 * The home below the visits (docs/decisions/0170): the sections the host offers, in its order, each
 * row one tap into its flow. Lists start nearest the host's map centre; the browser is asked for the
 * position only when the driver taps "near me".
 */
export default function HomeOffers() {
  const { t } = useTranslation("home");
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState<Locating>("idle");
  const offers = useQuery({ ...homeOffersQuery(position), placeholderData: keepPreviousData });

  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("failed");
    setLocating("busy");
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setPosition({
          // A hundred metres is all the order needs; the rest would only tell the server more about the driver.
          lat: Math.round(found.coords.latitude * 1000) / 1000,
          lng: Math.round(found.coords.longitude * 1000) / 1000,
        });
        setLocating("idle");
      },
      () => setLocating("failed"),
      { maximumAge: 60_000, timeout: 10_000 },
    );
  };

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

function Section({ id, title, children }: { id: HomeSection; title: string; children: ReactNode }) {
  return (
    <section className="dashboard-section home-section" aria-labelledby={`home-${id}-title`} data-section={id}>
      <h2 id={`home-${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function OfferSection({ section, offers }: { section: HomeSection; offers: Offers }) {
  const { t } = useTranslation(["home", "screens"]);
  const { money } = useParkingFormat();
  const distance = useDistance();
  const none = <p className="muted">{t("none")}</p>;
  switch (section) {
    case "student_pass": {
      const passes = offers.passes.filter((pass) => pass.requires_student_id);
      return (
        <Section id={section} title={t("student_pass_title")}>
          <p>{t("student_pass_text")}</p>
          {passes.length === 0 ? none : <PassRows passes={passes} />}
        </Section>
      );
    }
    case "plates":
      return (
        <Section id={section} title={t("screens:freeflow.title")}>
          <FreeflowAccount headingLevel={3} />
          <Link className="link" to={paths.welcomeFreeflow.path}>
            {t("screens:freeflow.how_it_works")}
          </Link>
        </Section>
      );
    case "lots":
      return (
        <Section id={section} title={t("lots_title")}>
          {offers.lots.length === 0 ? (
            none
          ) : (
            <ul className="home-rows">
              {offers.lots.map((lot) => (
                <li key={lot.uuid} className="home-starred-row">
                  <Link className="home-row" to={pathTo("location", { uuid: lot.uuid })}>
                    <span className="home-row-name">{lot.name}</span>
                    <span className="home-row-price">
                      {t("lot_next_hour", { amount: money(lot.next_hour_total, lot.currency) })}
                    </span>
                    <span className="muted">{t("away", { distance: distance(lot.distance_m) })}</span>
                    {lot.places_left !== null && (
                      <span className={lot.places_left === 0 ? "status-badge status-pending-payment" : "muted"}>
                        {lot.places_left === 0 ? t("full") : t("places_left", { count: lot.places_left })}
                      </span>
                    )}
                  </Link>
                  <StarToggle uuid={lot.uuid} name={lot.name} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      );
    case "meters":
      return (
        <Section id={section} title={t("meters_title")}>
          {offers.meter_zones.length === 0 ? (
            none
          ) : (
            <ul className="home-rows">
              {offers.meter_zones.map((zone) => (
                <li key={zone.uuid} className="home-starred-row">
                  <Link className="home-row" to={pathTo("meter", { uuid: zone.uuid })}>
                    <span className="home-row-name">{t("zone", { code: zone.zone_code })}</span>
                    <span className="home-row-price">
                      {t("per_hour", { amount: money(zone.rate_per_hour, zone.currency) })}
                    </span>
                    <span className="muted">{zone.name}</span>
                    <span className="muted">{t("away", { distance: distance(zone.distance_m) })}</span>
                  </Link>
                  <StarToggle uuid={zone.uuid} name={t("zone", { code: zone.zone_code })} />
                </li>
              ))}
            </ul>
          )}
          <Link className="link" to={paths.meters.path}>
            {t("meters_map")}
          </Link>
        </Section>
      );
    case "events":
      return (
        <Section id={section} title={t("events_title")}>
          {offers.events.length === 0 ? none : <EventList events={offers.events} label={t("events_title")} />}
          <Link className="link" to={paths.events.path}>
            {t("events_all")}
          </Link>
        </Section>
      );
    case "passes": {
      const passes = offers.passes.filter((pass) => !pass.requires_student_id);
      return (
        <Section id={section} title={t("passes_title")}>
          {passes.length === 0 ? none : <PassRows passes={passes} />}
          <Link className="link" to={paths.subscriptions.path}>
            {t("passes_all")}
          </Link>
        </Section>
      );
    }
    case "valet":
      return (
        <Section id={section} title={t("valet_title")}>
          <p>{t("valet_text")}</p>
          {offers.valet.length === 0 ? (
            none
          ) : (
            <ul className="home-rows">
              {offers.valet.map((stand) => (
                <li key={stand.uuid}>
                  <Link className="home-row" to={pathTo("location", { uuid: stand.uuid })}>
                    <span className="home-row-name">{stand.name}</span>
                    <span className="muted">{t("away", { distance: distance(stand.distance_m) })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      );
    case "help":
      return (
        <Section id={section} title={t("help_title")}>
          <p>{t("help_text")}</p>
          <Link className="link" to={paths.contact.path}>
            {t("help_contact")}
          </Link>
        </Section>
      );
  }
}

function PassRows({ passes }: { passes: Plan[] }) {
  const { t } = useTranslation("home");
  const { money } = useParkingFormat();
  return (
    <ul className="home-rows">
      {passes.map((pass) => (
        <li key={pass.uuid}>
          <Link className="home-row" to={pathTo("subscription", { uuid: pass.uuid })}>
            <span className="home-row-name">{pass.name}</span>
            <span className="home-row-price">
              {t("pass_price", { amount: money(pass.period_price.total, pass.currency) })}
            </span>
            <span className="muted">{pass.location.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
