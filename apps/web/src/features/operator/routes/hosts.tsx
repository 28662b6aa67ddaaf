import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { hostsQuery, organisationsQuery } from "../api/operator.ts";
import { ApplePayDomain } from "../components/apple-pay-domain.tsx";
import { HostEditor } from "../components/host-editor.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/**
 * /operador/sitios (platform role): every host and what its theme store holds. A saved change
 * shows on the next page a driver opens on that hostname (the server reads hosts on every page load).
 */
export default function HostsScreen() {
  const { t } = useConsoleFormat();
  const hosts = useQuery(hostsQuery());
  const organisations = useQuery(organisationsQuery());
  const [selected, setSelected] = useState<string | null>(null);
  const host = hosts.data?.find((candidate) => candidate.hostname === selected);
  return (
    <Page title={t("hosts.title")}>
      <p className="muted">{t("hosts.intro")}</p>
      {!hosts.data ? (
        <LoadingSection />
      ) : (
        <ul className="console-grid card-list" aria-label={t("hosts.title")}>
          {hosts.data.map((row) => (
            <li key={row.hostname} className="card" data-testid="host">
              <strong>
                {row.hostname}
                {row.is_default && <span className="muted"> · {t("hosts.default")}</span>}
              </strong>
              <span>
                <span className="console-swatch" style={{ background: row.primary_color }} aria-hidden="true" />{" "}
                {row.brand_name} · {t(`hosts.themes.${row.theme}`)}
              </span>
              <span className="muted">{row.organisation?.name ?? t("hosts.no_organisation")}</span>
              <ApplePayDomain hostname={row.hostname} />
              <button
                type="button"
                className="button button-secondary"
                aria-label={t("hosts.edit_host", { hostname: row.hostname })}
                aria-pressed={row.hostname === selected}
                onClick={() => setSelected(row.hostname)}
              >
                {t("hosts.edit")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {host &&
        (organisations.data ? (
          <HostEditor
            key={host.hostname}
            host={host}
            organisations={organisations.data}
            onDone={() => setSelected(null)}
          />
        ) : (
          <LoadingSection />
        ))}
    </Page>
  );
}
