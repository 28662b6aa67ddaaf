import { payments as en } from "@estaciona/i18n/locales/en/payments";
import { payments as es } from "@estaciona/i18n/locales/es/payments";
import { registerNamespaces } from "../../lib/i18n.ts";

/** Imported for its effect by every payments module (screens, forms, the wizard's step 5). */
registerNamespaces("payments", { en, es });
