import { reminders as en } from "@estaciona/i18n/locales/en/reminders";
import { reminders as es } from "@estaciona/i18n/locales/es/reminders";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the account screen's reminder settings and the extend screen. */
registerNamespaces("reminders", { en, es });
