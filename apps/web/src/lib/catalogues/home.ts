import { home as en } from "@estaciona/i18n/locales/en/home";
import { home as es } from "@estaciona/i18n/locales/es/home";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the home's sections (a lazy part of the dashboard). */
registerNamespaces("home", { en, es });
