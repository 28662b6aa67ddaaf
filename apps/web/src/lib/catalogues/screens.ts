import { screens as en } from "@estaciona/i18n/locales/en/screens";
import { screens as es } from "@estaciona/i18n/locales/es/screens";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the screens that use the `screens` namespace. */
registerNamespaces("screens", { en, es });
