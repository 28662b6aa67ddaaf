import { operator as en } from "@estaciona/i18n/locales/en/operator";
import { operator as es } from "@estaciona/i18n/locales/es/operator";
import { registerNamespaces } from "../../../lib/i18n.ts";

/** Imported for its effect by the console's frame: every console screen renders inside it. */
registerNamespaces("operator", { en, es });
