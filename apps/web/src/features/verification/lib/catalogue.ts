import { verification as en } from "@estaciona/i18n/locales/en/verification";
import { verification as es } from "@estaciona/i18n/locales/es/verification";
import { registerNamespaces } from "../../../lib/i18n.ts";

/** Imported for its effect by the receipt's proof, the public check and the console's disputes. */
registerNamespaces("verification", { en, es });
