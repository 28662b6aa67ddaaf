import { dates as en } from "@estaciona/i18n/locales/en/dates";
import { dates as es } from "@estaciona/i18n/locales/es/dates";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the day picker (console filters and forms, a pass's first day). */
registerNamespaces("dates", { en, es });
