import { auth } from "@estaciona/i18n/locales/es/auth";
import { common } from "@estaciona/i18n/locales/es/common";
import { errors } from "@estaciona/i18n/locales/es/errors";
import { validation } from "@estaciona/i18n/locales/es/validation";

/** The sign-in screen's namespaces in Spanish: a chunk of its own, loaded only in this language (decision 0247). */
export const catalogues = { common, auth, errors, validation };
