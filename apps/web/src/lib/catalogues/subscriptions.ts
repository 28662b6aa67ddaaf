import { subscriptions as en } from "@estaciona/i18n/locales/en/subscriptions";
import { subscriptions as es } from "@estaciona/i18n/locales/es/subscriptions";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the pass screens (/pensiones, /promo, partner landings). */
registerNamespaces("subscriptions", { en, es });
