import type { Migration } from "kysely";
import * as foundation from "./2026112101_foundation.ts";
import * as payments from "./2026112110_payments.ts";
import * as parking from "./2026112120_parking.ts";
import * as emailCodesByAddress from "./2026112125_email_codes_by_address.ts";
import * as subscriptions from "./2026112401_subscriptions.ts";
import * as passReminders from "./2026112402_pass_reminders.ts";
import * as parkingMeters from "./2026112410_parking_meters.ts";
import * as eventsAndValet from "./2026112420_events_and_valet.ts";
import * as invoicing from "./2026112430_invoicing.ts";
import * as invoiceDiscounts from "./2026112431_invoice_discounts.ts";
import * as operators from "./2026112440_operators.ts";
import * as visitsInListOrder from "./2026112450_visits_in_list_order.ts";
import * as consoleSales from "./2026112510_console_sales.ts";
import * as seriesOfAnOrganisation from "./2026112520_series_of_an_organisation.ts";
import * as driverOrigins from "./2026112610_driver_origins.ts";
import * as messageClaims from "./2026112710_message_claims.ts";
import * as payableKinds from "./2026112710_payable_kinds.ts";
import * as meterPositions from "./2026112810_meter_positions.ts";
import * as providerEvents from "./2026112815_provider_events.ts";
import * as hostsAsTenants from "./2026112820_hosts_as_tenants.ts";
import * as invoiceCancellationAndCardFunding from "./2026112820_invoice_cancellation_and_card_funding.ts";
import * as locationShortNames from "./2026112830_location_short_names.ts";
import * as paymentTags from "./2026112901_payment_tags.ts";
import * as remindersAndExtendLinks from "./2026112920_reminders_and_extend_links.ts";
import * as receiptProofsAndDisputes from "./2026112930_receipt_proofs_and_disputes.ts";
import * as prepaidBalances from "./2026112950_prepaid_balances.ts";
import * as favouritePlaces from "./2026113002_favourite_places.ts";
import * as messageDelivery from "./2026113003_message_delivery.ts";
import * as cashReferences from "./2026113004_cash_references.ts";
import * as walletPayments from "./2026113005_wallet_payments.ts";
import * as pushSubscriptions from "./2026113007_push_subscriptions.ts";
import * as globalInvoices from "./2026113008_global_invoices.ts";
import * as meterMapSummaries from "./2026113010_meter_map_summaries.ts";
import * as creditNotes from "./2026120101_credit_notes.ts";
import * as scaleIndexes from "./2026120250_scale_indexes.ts";
import * as paymentsUserIndexOnce from "./2026120260_payments_user_index_once.ts";
import * as paymentRailColumn from "./2026120330_payment_rail_column.ts";
import * as revenueDays from "./2026120401_revenue_days.ts";
import * as phoneLastDigits from "./2026120402_phone_last_digits.ts";
import * as sandboxDueEvents from "./2026120403_sandbox_due_events.ts";

/**
 * Every migration, in order. Names sort by date; a new migration gets a new file and one line
 * here, and never edits an applied one.
 */
export const migrations: Record<string, Migration> = {
  "2026112101_foundation": foundation,
  "2026112110_payments": payments,
  "2026112120_parking": parking,
  "2026112125_email_codes_by_address": emailCodesByAddress,
  "2026112401_subscriptions": subscriptions,
  "2026112402_pass_reminders": passReminders,
  "2026112410_parking_meters": parkingMeters,
  "2026112420_events_and_valet": eventsAndValet,
  "2026112430_invoicing": invoicing,
  "2026112431_invoice_discounts": invoiceDiscounts,
  "2026112440_operators": operators,
  "2026112450_visits_in_list_order": visitsInListOrder,
  "2026112510_console_sales": consoleSales,
  "2026112520_series_of_an_organisation": seriesOfAnOrganisation,
  "2026112610_driver_origins": driverOrigins,
  "2026112710_message_claims": messageClaims,
  "2026112710_payable_kinds": payableKinds,
  "2026112810_meter_positions": meterPositions,
  "2026112815_provider_events": providerEvents,
  "2026112820_hosts_as_tenants": hostsAsTenants,
  "2026112820_invoice_cancellation_and_card_funding": invoiceCancellationAndCardFunding,
  "2026112830_location_short_names": locationShortNames,
  "2026112901_payment_tags": paymentTags,
  "2026112920_reminders_and_extend_links": remindersAndExtendLinks,
  "2026112930_receipt_proofs_and_disputes": receiptProofsAndDisputes,
  "2026112950_prepaid_balances": prepaidBalances,
  "2026113002_favourite_places": favouritePlaces,
  "2026113003_message_delivery": messageDelivery,
  "2026113004_cash_references": cashReferences,
  "2026113005_wallet_payments": walletPayments,
  "2026113007_push_subscriptions": pushSubscriptions,
  "2026113008_global_invoices": globalInvoices,
  "2026113010_meter_map_summaries": meterMapSummaries,
  "2026120101_credit_notes": creditNotes,
  "2026120250_scale_indexes": scaleIndexes,
  "2026120260_payments_user_index_once": paymentsUserIndexOnce,
  "2026120330_payment_rail_column": paymentRailColumn,
  "2026120401_revenue_days": revenueDays,
  "2026120402_phone_last_digits": phoneLastDigits,
  "2026120403_sandbox_due_events": sandboxDueEvents,
};
