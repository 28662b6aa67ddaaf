import { meters as en } from "@estaciona/i18n/locales/en/meters";
import { meters as es } from "@estaciona/i18n/locales/es/meters";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the meter screens and the home's meter card. */
registerNamespaces("meters", { en, es });
