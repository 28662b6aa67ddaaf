import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { pathTo } from "../../../config/paths.ts";
import { profileQuery } from "../api/operator.ts";
import "../lib/catalogue.ts";
import "../styles/console.css";

const sections = [
  { label: "today", to: pathTo("operator"), end: true },
  { label: "locations", to: pathTo("operatorLocations"), end: false },
  { label: "plans", to: pathTo("operatorPlans"), end: false },
  { label: "promos", to: pathTo("operatorPromos"), end: false },
  { label: "events", to: pathTo("operatorEvents"), end: false },
  { label: "meters", to: pathTo("operatorMeterZones"), end: false },
  { label: "devices", to: pathTo("operatorDevices"), end: false },
  { label: "payments", to: pathTo("operatorPayments"), end: false },
  { label: "drivers", to: pathTo("operatorDrivers"), end: false },
  { label: "invoices", to: pathTo("operatorInvoices"), end: false },
  { label: "team", to: pathTo("operatorTeam"), end: false },
] as const;
/** The platform role's sections: hosts and organisations. */
const platformSections = [
  { label: "hosts", to: pathTo("operatorHosts"), end: false },
  { label: "organisations", to: pathTo("operatorOrganisations"), end: false },
] as const;

/**
 * The console's frame (DESIGN §11): the operator's organisation and the sections, then the
 * section's screen. A signed-in driver who is not an operator is told so here, once.
 */
export default function ConsoleLayout() {
  const { t } = useTranslation("operator");
  const profile = useQuery(profileQuery());
  if (profile.isPending) return <LoadingSection />;
  if (profile.isError)
    return (
      <div className="page">
        <h1 className="page-title">{t("title")}</h1>
        <p className="notice notice-warning" role="alert">
          {t("not_an_operator")}
        </p>
      </div>
    );
  return (
    <div className="console">
      <div className="console-header">
        <p className="console-organisation">
          <span className="muted">{t("organisation")}</span> <strong>{profile.data.organisation.name}</strong>
        </p>
        <nav aria-label={t("sections")} className="console-nav">
          <ul>
            {[...sections, ...(profile.data.platform ? platformSections : [])].map((section) => (
              <li key={section.label}>
                <NavLink to={section.to} end={section.end} className="console-nav-link">
                  {t(`nav.${section.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
