import { PAYMENT_STATUSES } from "@estaciona/contracts/schemas/operator";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/form-field.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { downloadPaymentsCsv, locationsQuery, type PaymentFilters, paymentsQuery } from "../api/operator.ts";
import { PaymentTable } from "../components/payment-table.tsx";
import { useConsoleFormat } from "../lib/format.ts";

type Status = (typeof PAYMENT_STATUSES)[number];

/** /operador/pagos: payments by date, location, plate, phone and status, newest first, a page at a time. */
export default function PaymentsScreen() {
  const { t } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  const [filters, setFilters] = useState<PaymentFilters>({});
  const payments = useInfiniteQuery(paymentsQuery(filters));

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const text = String(form.get(name) ?? "").trim();
      return text === "" ? undefined : text;
    };
    setFilters({
      from: value("from"),
      to: value("to"),
      location_uuid: value("location"),
      plate: value("plate"),
      phone: value("phone"),
      status: value("status") as Status | undefined,
    });
  };

  const rows = payments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t("payments.title")}>
      <form className="card console-filters" onSubmit={search} aria-label={t("payments.search")}>
        <FormField label={t("payments.from")}>
          {(control) => <input {...control} className="input" type="date" name="from" />}
        </FormField>
        <FormField label={t("payments.to")}>
          {(control) => <input {...control} className="input" type="date" name="to" />}
        </FormField>
        <FormField label={t("payments.location")}>
          {(control) => (
            <select {...control} className="input select" name="location" defaultValue="">
              <option value="">{t("payments.any")}</option>
              {locations.data?.map((location) => (
                <option key={location.uuid} value={location.uuid}>
                  {location.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t("payments.plate")}>
          {(control) => <input {...control} className="input" name="plate" autoCapitalize="characters" />}
        </FormField>
        <FormField label={t("payments.phone")}>
          {(control) => <input {...control} className="input" name="phone" inputMode="tel" />}
        </FormField>
        <FormField label={t("payments.status")}>
          {(control) => (
            <select {...control} className="input select" name="status" defaultValue="">
              <option value="">{t("payments.any")}</option>
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`payment_status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="button button-primary">
          {t("payments.search")}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void downloadPaymentsCsv({ from: filters.from, to: filters.to })}
          aria-describedby="payments-export-hint"
        >
          {t("payments.export")}
        </button>
        <p id="payments-export-hint" className="muted console-filters-note">
          {t("payments.export_hint")}
        </p>
      </form>
      {payments.isPending ? (
        <LoadingSection />
      ) : rows.length === 0 ? (
        <p className="muted">{t("payments.none")}</p>
      ) : (
        <section className="card" aria-live="polite">
          <PaymentTable payments={rows} caption={t("payments.results")} />
          {payments.hasNextPage && (
            <button
              type="button"
              className="button button-secondary"
              disabled={payments.isFetchingNextPage}
              onClick={() => void payments.fetchNextPage()}
            >
              {t("payments.more")}
            </button>
          )}
        </section>
      )}
    </Page>
  );
}
