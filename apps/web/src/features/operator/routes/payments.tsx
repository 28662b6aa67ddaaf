import { PAYMENT_RAILS, type PaymentRail } from "@estaciona/contracts/payment-rails";
import { PAYMENT_STATUSES } from "@estaciona/contracts/schemas/operator";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DateField } from "../../../components/date-field.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { Page } from "../../../components/page.tsx";
import { downloadPaymentsCsv, locationsQuery, type PaymentFilters, paymentsQuery } from "../api/operator.ts";
import { ConsoleFilters, ConsoleList } from "../components/console-list.tsx";
import { PaymentTable } from "../components/payment-table.tsx";
import { useConsoleFormat } from "../lib/format.ts";

type Status = (typeof PAYMENT_STATUSES)[number];

/** /operador/pagos: payments by date, location, plate, phone, status and rail, newest first, a page at a time. */
export default function PaymentsScreen() {
  const { t, rail } = useConsoleFormat();
  const locations = useQuery(locationsQuery());
  const [filters, setFilters] = useState<PaymentFilters>({});
  const payments = useInfiniteQuery(paymentsQuery(filters));

  const search = (form: FormData) => {
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
      rail: value("rail") as PaymentRail | undefined,
    });
  };

  const rows = payments.data?.pages.flatMap((page) => page.items) ?? [];
  const filterBar = (
    <ConsoleFilters
      label={t("payments.search")}
      submitLabel={t("payments.search")}
      onSubmit={search}
      csv={{
        label: t("payments.export"),
        hint: t("payments.export_hint"),
        onExport: () => void downloadPaymentsCsv({ from: filters.from, to: filters.to }),
      }}
    >
      <FormField label={t("payments.from")}>{(control) => <DateField {...control} name="from" clearable />}</FormField>
      <FormField label={t("payments.to")}>{(control) => <DateField {...control} name="to" clearable />}</FormField>
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
      <FormField label={t("payments.paid_with")}>
        {(control) => (
          <select {...control} className="input select" name="rail" defaultValue="">
            <option value="">{t("payments.any")}</option>
            {PAYMENT_RAILS.map((option) => (
              <option key={option} value={option}>
                {rail(option)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </ConsoleFilters>
  );
  return (
    <Page title={t("payments.title")}>
      <ConsoleList filters={filterBar} list={payments} count={rows.length} empty={t("payments.none")}>
        <PaymentTable payments={rows} caption={t("payments.results")} />
      </ConsoleList>
    </Page>
  );
}
