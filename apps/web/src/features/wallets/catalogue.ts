import { wallets as en } from "@estaciona/i18n/locales/en/wallets";
import { wallets as es } from "@estaciona/i18n/locales/es/wallets";
import { registerNamespaces } from "../../lib/i18n.ts";

/** Imported for its effect by the wallet buttons (lazy, with the pay panels). */
registerNamespaces("wallets", { en, es });
