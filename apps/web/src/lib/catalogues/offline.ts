import { offline as en } from "@estaciona/i18n/locales/en/offline";
import { offline as es } from "@estaciona/i18n/locales/es/offline";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the offline screen (docs/offline.md). */
registerNamespaces("offline", { en, es });
