import { events as en } from "@estaciona/i18n/locales/en/events";
import { events as es } from "@estaciona/i18n/locales/es/events";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the event screens (event page, series landing, event visit, lists). */
registerNamespaces("events", { en, es });
