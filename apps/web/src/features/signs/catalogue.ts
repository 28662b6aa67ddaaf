import { signs as en } from "@estaciona/i18n/locales/en/signs";
import { signs as es } from "@estaciona/i18n/locales/es/signs";
import { registerNamespaces } from "../../lib/i18n.ts";

/** Imported for its effect by the sign's check on the landing and the scanner. */
registerNamespaces("signs", { en, es });
