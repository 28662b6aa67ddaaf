import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { FormField } from "../../../components/form-field.tsx";
import { Page } from "../../../components/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { driversQuery } from "../api/operator.ts";
import { ConsoleFilters, ConsoleList } from "../components/console-list.tsx";
import { StatusPill } from "../components/status-pill.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/conductores: drivers who parked at the operator's locations, found by phone or plate. */
export default function DriversScreen() {
  const { t, phone } = useConsoleFormat();
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const drivers = useQuery({ ...driversQuery(searched), enabled: searched !== "" });
  const filterBar = (
    <ConsoleFilters
      label={t("drivers.search")}
      submitLabel={t("drivers.search")}
      onSubmit={() => setSearched(query.trim())}
    >
      <FormField label={t("drivers.query")} hint={t("drivers.query_hint")}>
        {(control) => (
          <input {...control} className="input" value={query} onChange={(event) => setQuery(event.target.value)} />
        )}
      </FormField>
    </ConsoleFilters>
  );
  return (
    <Page title={t("drivers.title")}>
      <ConsoleList
        filters={filterBar}
        list={drivers}
        count={drivers.data?.length ?? 0}
        empty={t("drivers.none")}
        framed={false}
      >
        <ul className="card-list">
          {drivers.data?.map((driver) => (
            <li key={driver.uuid} className="card">
              <Link to={pathTo("operatorDriver", { uuid: driver.uuid })}>
                <strong>{driver.name}</strong>
              </Link>
              <span>{phone(driver.phone)}</span>
              <span className="console-row-actions">
                {driver.plates.map((plate) => (
                  <span key={plate} className="plate-badge">
                    {plate}
                  </span>
                ))}
                <StatusPill status={driver.status} label={t(`driver_status.${driver.status}`)} />
              </span>
            </li>
          ))}
        </ul>
      </ConsoleList>
    </Page>
  );
}
