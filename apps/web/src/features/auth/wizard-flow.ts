import { type Country, FREEFLOW_TIME_ZONE, type Theme } from "@estaciona/contracts";
import type { User } from "@estaciona/contracts/schemas/user";
import { paths } from "../../config/paths.ts";
import { safeAppPath } from "../../lib/navigation.ts";

/** 1 phone, 2 code, 3 name and student id, 4 vehicle, 5 payment method (docs/product/screens-and-routes.md). */
export type WizardStep = 1 | 2 | 3 | 4 | 5;

export interface WizardContext {
  theme: Theme;
  /** The host is the freeflow host (theme or domain freeflow). */
  freeflowHost: boolean;
  /** mx for Mexican hosts or a country=mx query, otherwise us (docs/product/constants.md). */
  paymentLocale: Country;
  /** The `country` query value, if present. */
  countryQuery: string | null;
  /** A `checkout` query is present. */
  checkoutQuery: boolean;
  /** The `authRedirect` query value, if present. */
  authRedirect: string | null;
}

export type WizardDecision = { kind: "redirect" } | { kind: "step"; step: WizardStep };

const redirectRequested = (context: WizardContext) =>
  isSafeRedirect(context.authRedirect) && context.authRedirect !== paths.login.path;

/**
 * docs/product/entities-and-states.md, after the profile loads: a checkout query or a requested redirect goes there; no
 * vehicles → step 3 on the isisa theme, else step 4; vehicles but no payment method for the
 * payment locale → step 5; otherwise the redirect.
 */
export function afterProfileLoad(user: User, context: WizardContext): WizardDecision {
  if (context.checkoutQuery || redirectRequested(context)) return { kind: "redirect" };
  if (user.vehicles.length === 0) return { kind: "step", step: context.theme === "isisa" ? 3 : 4 };
  const hasPaymentMethod = context.paymentLocale === "mx" ? user.payment_methods_mx : user.payment_methods_us;
  if (!hasPaymentMethod) return { kind: "step", step: 5 };
  return { kind: "redirect" };
}

/**
 * docs/product/entities-and-states.md, skipping the vehicle: step 5 when a country query is set or on the freeflow host;
 * otherwise the profile reloads and the driver goes on to the redirect target. (Running the
 * after-load rules again would send a driver with no vehicles straight back to step 4.)
 */
export function afterVehicleSkip(context: WizardContext): WizardDecision {
  if (context.countryQuery !== null || context.freeflowHost) return { kind: "step", step: 5 };
  return { kind: "redirect" };
}

/** docs/product/entities-and-states.md, entering / while signed in: with vehicles → the redirect; without → step 4. */
export function onEntry(user: User | null, authenticated: boolean): WizardDecision | null {
  if (!authenticated || !user) return null;
  return user.vehicles.length > 0 ? { kind: "redirect" } : { kind: "step", step: 4 };
}

/** docs/product/screens-and-routes.md: the vehicle and payment steps can be left for later on the isisa and default themes. */
export const canAddLater = (theme: Theme): boolean => theme === "isisa" || theme === "estaciona";

/** The calendar date in a time zone as YYYY-MM-DD, the format of `free_flow_activation`. */
export function calendarDateIn(timeZone: string, date: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Only paths of this app: never another site through `//host` or a scheme. */
export const isSafeRedirect = (path: string | null): path is string => safeAppPath(path) !== null;

/**
 * docs/product/entities-and-states.md redirect target: authRedirect unless it is "/"; on freeflow hosts a driver whose
 * freeflow activation is today (in the zone it is dated in) gets the welcome page and the
 * welcome flag; else /dashboard.
 */
export function redirectTarget(input: {
  authRedirect: string | null;
  freeflowHost: boolean;
  user: Pick<User, "free_flow_activation"> | null;
  today: Date;
}): { path: string; welcome: boolean } {
  if (isSafeRedirect(input.authRedirect) && input.authRedirect !== paths.login.path)
    return { path: input.authRedirect, welcome: false };
  const today = calendarDateIn(FREEFLOW_TIME_ZONE, input.today);
  if (input.freeflowHost && input.user?.free_flow_activation?.slice(0, 10) === today)
    return { path: paths.welcomeFreeflow.path, welcome: true };
  return { path: paths.dashboard.path, welcome: false };
}
