import { valet as en } from "@estaciona/i18n/locales/en/valet";
import { valet as es } from "@estaciona/i18n/locales/es/valet";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the valet screens (claim, ticket, lists). */
registerNamespaces("valet", { en, es });
