import type { HomeSection } from "@estaciona/contracts/home";
import type { HomeOffers as Offers } from "@estaciona/contracts/schemas/home";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { EventList } from "../../events/index.ts";
import { FreeflowAccount } from "../../freeflow/index.ts";
import { LotRows, MeterZoneRows, PassRows, ValetRows } from "./offer-rows.tsx";

function Section({ id, title, children }: { id: HomeSection; title: string; children: ReactNode }) {
  return (
    <section className="dashboard-section home-section" aria-labelledby={`home-${id}-title`} data-section={id}>
      <h2 id={`home-${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** One of the host's sections: its title, its rows nearest first, and the way into the whole list. */
export function OfferSection({ section, offers }: { section: HomeSection; offers: Offers }) {
  const { t } = useTranslation(["home", "screens"]);
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
          {offers.lots.length === 0 ? none : <LotRows lots={offers.lots} />}
        </Section>
      );
    case "meters":
      return (
        <Section id={section} title={t("meters_title")}>
          {offers.meter_zones.length === 0 ? none : <MeterZoneRows zones={offers.meter_zones} />}
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
          {offers.valet.length === 0 ? none : <ValetRows stands={offers.valet} />}
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
