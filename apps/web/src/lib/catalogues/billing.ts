import { billing as en } from "@estaciona/i18n/locales/en/billing";
import { billing as es } from "@estaciona/i18n/locales/es/billing";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the billing screen and the invoice action. */
registerNamespaces("billing", { en, es });
