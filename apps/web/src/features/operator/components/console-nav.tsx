import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, matchPath, useLocation } from "react-router";
import { paths, pathTo, type RouteName } from "../../../config/paths.ts";

type Section = {
  label:
    | "today"
    | "payments"
    | "drivers"
    | "invoices"
    | "disputes"
    | "locations"
    | "meters"
    | "events"
    | "plans"
    | "promos"
    | "devices"
    | "team"
    | "hosts"
    | "organisations";
  route: RouteName;
  end: boolean;
};
type Group = { label: "daily" | "selling" | "admin"; sections: Section[] };

const at = (label: Section["label"], route: RouteName, end = false): Section => ({ label, route, end });

/** On the section's screen or one under it, by its Spanish path or its English alias. */
const isOn = ({ route, end }: Section, pathname: string) =>
  Object.values(paths[route]).some((path) => matchPath({ path, end }, pathname));

/**
 * The console's sections in three groups an operator thinks in (docs/decisions/0056): what happens
 * today, what the organisation sells and where, and who runs it. The platform role's hosts and
 * organisations join the last group.
 */
const groups = (platform: boolean): Group[] => [
  {
    label: "daily",
    sections: [
      at("today", "operator", true),
      at("payments", "operatorPayments"),
      at("drivers", "operatorDrivers"),
      at("invoices", "operatorInvoices"),
      at("disputes", "operatorDisputes"),
    ],
  },
  {
    label: "selling",
    sections: [
      at("locations", "operatorLocations"),
      at("meters", "operatorMeterZones"),
      at("events", "operatorEvents"),
      at("plans", "operatorPlans"),
      at("promos", "operatorPromos"),
      at("devices", "operatorDevices"),
    ],
  },
  {
    label: "admin",
    sections: [
      at("team", "operatorTeam"),
      ...(platform ? [at("hosts", "operatorHosts"), at("organisations", "operatorOrganisations")] : []),
    ],
  },
];

/**
 * The sections: laid out in their groups on a desktop; on a phone folded behind one button that
 * names the section on screen (a disclosure: Escape folds it and gives the focus back), so thirteen
 * links never scroll sideways out of sight.
 */
export function ConsoleNav({ platform }: { platform: boolean }) {
  const { t } = useTranslation("operator");
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const all = groups(platform);
  const current = all.flatMap((group) => group.sections).find((section) => isOn(section, pathname));
  // Choosing a section (or the browser's back) folds the menu on the new screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read
  useEffect(() => setOpen(false), [pathname]);
  const fold = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <nav aria-label={t("sections")} className="console-nav" onKeyDown={fold}>
      <button
        ref={toggle}
        type="button"
        className="console-nav-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span className="muted">{t("section")}</span> {current ? t(`nav.${current.label}`) : t("title")}
        <span aria-hidden="true" className="console-nav-chevron" />
      </button>
      <div id={menuId} className="console-nav-menu" data-open={open || undefined}>
        {all.map((group) => (
          <div key={group.label} className="console-nav-group">
            <p className="console-nav-group-title" id={`${menuId}-${group.label}`}>
              {t(`nav_group.${group.label}`)}
            </p>
            <ul aria-labelledby={`${menuId}-${group.label}`}>
              {group.sections.map((section) => (
                <li key={section.label}>
                  <Link
                    to={pathTo(section.route)}
                    className="console-nav-link"
                    aria-current={section === current ? "page" : undefined}
                  >
                    {t(`nav.${section.label}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
