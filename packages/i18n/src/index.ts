import { errors as enErrors } from "./locales/en/errors.ts";
import { messages as enMessages } from "./locales/en/messages.ts";
import { parking as enParking } from "./locales/en/parking.ts";
import { validation as enValidation } from "./locales/en/validation.ts";
import { errors as esErrors } from "./locales/es/errors.ts";
import { messages as esMessages } from "./locales/es/messages.ts";
import { parking as esParking } from "./locales/es/parking.ts";
import { validation as esValidation } from "./locales/es/validation.ts";

/**
 * The message catalogues, one namespace per feature. English is the source: every Spanish
 * namespace is typed against it, so a missing key fails the typecheck.
 */
export const resources = {
  en: { errors: enErrors, messages: enMessages, parking: enParking, validation: enValidation },
  es: { errors: esErrors, messages: esMessages, parking: esParking, validation: esValidation },
} as const;

export type Namespace = keyof (typeof resources)["en"];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
export { translate } from "./translate.ts";
