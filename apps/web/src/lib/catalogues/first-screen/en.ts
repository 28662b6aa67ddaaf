import { auth } from "@estaciona/i18n/locales/en/auth";
import { common } from "@estaciona/i18n/locales/en/common";
import { errors } from "@estaciona/i18n/locales/en/errors";
import { validation } from "@estaciona/i18n/locales/en/validation";

/** The sign-in screen's namespaces in English: a chunk of its own, loaded only in this language (decision 0247). */
export const catalogues = { common, auth, errors, validation };
