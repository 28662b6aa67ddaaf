import { account as enAccount } from "./locales/en/account.ts";
import { auth as enAuth } from "./locales/en/auth.ts";
import { billing as enBilling } from "./locales/en/billing.ts";
import { common as enCommon } from "./locales/en/common.ts";
import { contact as enContact } from "./locales/en/contact.ts";
import { dates as enDates } from "./locales/en/dates.ts";
import { errors as enErrors } from "./locales/en/errors.ts";
import { events as enEvents } from "./locales/en/events.ts";
import { home as enHome } from "./locales/en/home.ts";
import { messages as enMessages } from "./locales/en/messages.ts";
import { meters as enMeters } from "./locales/en/meters.ts";
import { offline as enOffline } from "./locales/en/offline.ts";
import { operator as enOperator } from "./locales/en/operator.ts";
import { parking as enParking } from "./locales/en/parking.ts";
import { payments as enPayments } from "./locales/en/payments.ts";
import { privacy as enPrivacy } from "./locales/en/privacy.ts";
import { reminders as enReminders } from "./locales/en/reminders.ts";
import { sandbox as enSandbox } from "./locales/en/sandbox.ts";
import { screens as enScreens } from "./locales/en/screens.ts";
import { signs as enSigns } from "./locales/en/signs.ts";
import { subscriptions as enSubscriptions } from "./locales/en/subscriptions.ts";
import { valet as enValet } from "./locales/en/valet.ts";
import { validation as enValidation } from "./locales/en/validation.ts";
import { vehicles as enVehicles } from "./locales/en/vehicles.ts";
import { verification as enVerification } from "./locales/en/verification.ts";
import { wallets as enWallets } from "./locales/en/wallets.ts";
import { account as esAccount } from "./locales/es/account.ts";
import { auth as esAuth } from "./locales/es/auth.ts";
import { billing as esBilling } from "./locales/es/billing.ts";
import { common as esCommon } from "./locales/es/common.ts";
import { contact as esContact } from "./locales/es/contact.ts";
import { dates as esDates } from "./locales/es/dates.ts";
import { errors as esErrors } from "./locales/es/errors.ts";
import { events as esEvents } from "./locales/es/events.ts";
import { home as esHome } from "./locales/es/home.ts";
import { messages as esMessages } from "./locales/es/messages.ts";
import { meters as esMeters } from "./locales/es/meters.ts";
import { offline as esOffline } from "./locales/es/offline.ts";
import { operator as esOperator } from "./locales/es/operator.ts";
import { parking as esParking } from "./locales/es/parking.ts";
import { payments as esPayments } from "./locales/es/payments.ts";
import { privacy as esPrivacy } from "./locales/es/privacy.ts";
import { reminders as esReminders } from "./locales/es/reminders.ts";
import { sandbox as esSandbox } from "./locales/es/sandbox.ts";
import { screens as esScreens } from "./locales/es/screens.ts";
import { signs as esSigns } from "./locales/es/signs.ts";
import { subscriptions as esSubscriptions } from "./locales/es/subscriptions.ts";
import { valet as esValet } from "./locales/es/valet.ts";
import { validation as esValidation } from "./locales/es/validation.ts";
import { vehicles as esVehicles } from "./locales/es/vehicles.ts";
import { verification as esVerification } from "./locales/es/verification.ts";
import { wallets as esWallets } from "./locales/es/wallets.ts";

/**
 * The message catalogues, one namespace per feature. English is the source: every Spanish
 * namespace is typed against it, so a missing key fails the typecheck.
 */
export const resources = {
  en: {
    account: enAccount,
    auth: enAuth,
    billing: enBilling,
    common: enCommon,
    contact: enContact,
    errors: enErrors,
    events: enEvents,
    home: enHome,
    messages: enMessages,
    meters: enMeters,
    offline: enOffline,
    operator: enOperator,
    parking: enParking,
    payments: enPayments,
    privacy: enPrivacy,
    reminders: enReminders,
    sandbox: enSandbox,
    screens: enScreens,
    signs: enSigns,
    dates: enDates,
    valet: enValet,
    subscriptions: enSubscriptions,
    validation: enValidation,
    vehicles: enVehicles,
    verification: enVerification,
    wallets: enWallets,
  },
  es: {
    account: esAccount,
    auth: esAuth,
    billing: esBilling,
    common: esCommon,
    contact: esContact,
    errors: esErrors,
    events: esEvents,
    home: esHome,
    messages: esMessages,
    meters: esMeters,
    offline: esOffline,
    operator: esOperator,
    parking: esParking,
    payments: esPayments,
    privacy: esPrivacy,
    reminders: esReminders,
    sandbox: esSandbox,
    screens: esScreens,
    signs: esSigns,
    dates: esDates,
    valet: esValet,
    subscriptions: esSubscriptions,
    validation: esValidation,
    vehicles: esVehicles,
    verification: esVerification,
    wallets: esWallets,
  },
} as const;

export type Namespace = keyof (typeof resources)["en"];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
