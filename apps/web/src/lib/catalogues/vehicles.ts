import { vehicles as en } from "@estaciona/i18n/locales/en/vehicles";
import { vehicles as es } from "@estaciona/i18n/locales/es/vehicles";
import { registerNamespaces } from "../i18n.ts";

/** Imported for its effect by the screens that show vehicle fields (vehicles, the wizard's step 4). */
registerNamespaces("vehicles", { en, es });
