import { contact as en } from "@estaciona/i18n/locales/en/contact";
import { contact as es } from "@estaciona/i18n/locales/es/contact";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the contact screen. */
registerNamespaces("contact", { en, es });
