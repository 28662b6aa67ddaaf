import { parking as en } from "@estaciona/i18n/locales/en/parking";
import { parking as es } from "@estaciona/i18n/locales/es/parking";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the parking screens (home, visits, visit, checkout, QR landing, receipt). */
registerNamespaces("parking", { en, es });
