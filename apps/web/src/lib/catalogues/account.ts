import { account as en } from "@estaciona/i18n/locales/en/account";
import { account as es } from "@estaciona/i18n/locales/es/account";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the account screen. */
registerNamespaces("account", { en, es });
