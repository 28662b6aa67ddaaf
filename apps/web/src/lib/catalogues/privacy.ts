import { privacy as en } from "@estaciona/i18n/locales/en/privacy";
import { privacy as es } from "@estaciona/i18n/locales/es/privacy";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the privacy screen. */
registerNamespaces("privacy", { en, es });
