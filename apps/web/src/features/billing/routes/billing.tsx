import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page.tsx";
import { taxProfilesQuery } from "../api/billing.ts";
import { InvoiceHistory } from "../components/invoice-history.tsx";
import { InvoiceablePayments } from "../components/invoiceable-payments.tsx";
import { MonthlyInvoice } from "../components/monthly-invoice.tsx";
import { TaxProfiles } from "../components/tax-profiles.tsx";
import "../../../lib/catalogues/billing.ts";
import "../styles/billing.css";

/**
 * /facturacion (docs/product/invoicing-account-contact.md; hidden from the menu in English): the driver's billing data, the
 * payments still inside their invoice window with their deadline, one invoice for a month, and
 * the invoices with their status and downloads.
 */
export default function BillingScreen() {
  const { t } = useTranslation(["billing", "common"]);
  const profiles = useQuery(taxProfilesQuery());
  const [chosenProfile, setChosenProfile] = useState<string | null>(null);
  const profileList = profiles.data ?? [];
  const profileUuid = chosenProfile ?? profileList.find((profile) => profile.is_default)?.uuid ?? null;

  return (
    <Page title={t("title")}>
      <TaxProfiles profiles={profileList} loading={profiles.isPending} onRemoved={() => setChosenProfile(null)} />
      <InvoiceablePayments
        profiles={profileList}
        profilesLoading={profiles.isPending}
        profileUuid={profileUuid}
        onChooseProfile={setChosenProfile}
      />
      <MonthlyInvoice profileUuid={profileUuid} />
      <InvoiceHistory />
    </Page>
  );
}
