import type { PathParam } from "react-router";

/**
 * Every route of docs/product/screens-and-routes.md: Spanish paths with their English aliases. `checkout` marks the
 * detail routes that add checkout=1 when the guard sends the driver to sign in.
 */
export const paths = {
  login: { path: "/" },
  threeDs: { path: "/3ds" },
  aisd: { path: "/aisd" },
  location: { path: "/loc/:uuid" },
  privacy: { path: "/privacidad" },
  notFound: { path: "/notfound" },
  dashboard: { path: "/dashboard" },
  billing: { path: "/facturacion" },
  paymentsNetpay: { path: "/pagos-netpay" },
  payments: { path: "/pagos", alias: "/payments" },
  account: { path: "/usuario", alias: "/user" },
  vaughn: { path: "/vaughn" },
  vehicles: { path: "/vehiculos", alias: "/vehicles" },
  visits: { path: "/visitas", alias: "/visits" },
  contact: { path: "/contacto", alias: "/contact" },
  welcomeFreeflow: { path: "/bienvenido-freeflow", alias: "/welcome-freeflow" },
  checkout: { path: "/checkout/:uuid", checkout: true },
  /** Not in the spec: every upcoming event at the host's venues, linked from the home (docs/decisions/0170). */
  events: { path: "/eventos", alias: "/events" },
  event: { path: "/eventos/:uuid", alias: "/events/:uuid", checkout: true },
  peninsula: { path: "/evento/peninsula" },
  meters: { path: "/parquimetros", alias: "/parking-meters" },
  meter: { path: "/parquimetros/:uuid", alias: "/parking-meters/:uuid", checkout: true },
  subscriptions: { path: "/pensiones", alias: "/subscriptions" },
  subscriptionsHistory: { path: "/pensiones/historial", alias: "/subscriptions/history" },
  subscription: { path: "/pensiones/:uuid", alias: "/subscriptions/:uuid" },
  promo: { path: "/promo/:code" },
  visit: { path: "/visita/:uuid", alias: "/visit/:uuid" },
  /** Not in the spec: the printable receipt of a paid visit (docs/product/money.md, the ledger's amounts). */
  visitReceipt: { path: "/visita/:uuid/recibo", alias: "/visit/:uuid/receipt" },
  /** Not in the spec: the receipt of any paid charge, by its payment uuid (docs/decisions/0111). */
  receipt: { path: "/recibo/:uuid", alias: "/receipt/:uuid" },
  /** Not in the spec: every payment of a month, tagged business or personal, and its statement (docs/decisions/0187). */
  receipts: { path: "/recibos", alias: "/receipts" },
  /** Not in the spec: a receipt's proof, public and not indexed, from its QR (docs/decisions/0200). */
  verify: { path: "/verificar/:token", alias: "/verify/:token" },
  /** Not in the spec: a reference to pay (OXXO, SPEI) by its payment uuid, where the gateway sends the driver (docs/decisions/0330). */
  reference: { path: "/referencia/:uuid", alias: "/reference/:uuid" },
  eventVisit: { path: "/visita/evento/:uuid", alias: "/visit/event/:uuid" },
  /** Not in the spec: a valet ticket's link and QR (docs/decisions/0032), and the ticket as a visit. */
  valetClaim: { path: "/valet/:token" },
  valetTicket: { path: "/visita/valet/:uuid", alias: "/visit/valet/:uuid" },
  /** Not in the spec: a reminder's one-tap extend link, public (docs/product/reminders.md, docs/decisions/0196). */
  extend: { path: "/extender/:token", alias: "/extend/:token" },
  /** Where the extend screen stays once it took the token out of the address bar. */
  extendLink: { path: "/extender", alias: "/extend" },
  /** Not in the spec: the operator console (docs/product/operators.md), a lazy part of the same app. */
  operator: { path: "/operador", alias: "/operator" },
  operatorLocations: { path: "/operador/ubicaciones", alias: "/operator/locations" },
  operatorNewLocation: { path: "/operador/ubicaciones/nueva", alias: "/operator/locations/new" },
  operatorLocation: { path: "/operador/ubicaciones/:uuid", alias: "/operator/locations/:uuid" },
  operatorPlans: { path: "/operador/pensiones", alias: "/operator/plans" },
  operatorPromos: { path: "/operador/codigos", alias: "/operator/promo-codes" },
  operatorLocationQr: { path: "/operador/ubicaciones/:uuid/qr", alias: "/operator/locations/:uuid/qr" },
  operatorDevices: { path: "/operador/dispositivos", alias: "/operator/devices" },
  operatorPayments: { path: "/operador/pagos", alias: "/operator/payments" },
  operatorPayment: { path: "/operador/pagos/:uuid", alias: "/operator/payments/:uuid" },
  operatorDrivers: { path: "/operador/conductores", alias: "/operator/drivers" },
  operatorDriver: { path: "/operador/conductores/:uuid", alias: "/operator/drivers/:uuid" },
  operatorInvoices: { path: "/operador/facturas", alias: "/operator/invoices" },
  /** Not in the spec: drivers' ticket disputes (docs/decisions/0200). */
  operatorDisputes: { path: "/operador/disputas", alias: "/operator/disputes" },
  operatorTeam: { path: "/operador/equipo", alias: "/operator/team" },
  operatorEvents: { path: "/operador/eventos", alias: "/operator/events" },
  operatorNewEvent: { path: "/operador/eventos/nuevo", alias: "/operator/events/new" },
  operatorEvent: { path: "/operador/eventos/:uuid", alias: "/operator/events/:uuid" },
  operatorMeterZones: { path: "/operador/parquimetros", alias: "/operator/meters" },
  operatorNewMeterZone: { path: "/operador/parquimetros/nuevo", alias: "/operator/meters/new" },
  operatorMeterZone: { path: "/operador/parquimetros/:uuid", alias: "/operator/meters/:uuid" },
  operatorHosts: { path: "/operador/sitios", alias: "/operator/hosts" },
  operatorOrganisations: { path: "/operador/organizaciones", alias: "/operator/organisations" },
} as const satisfies Record<string, { path: string; alias?: string; checkout?: boolean }>;

export type RouteName = keyof typeof paths;

type PatternOf<N extends RouteName> = (typeof paths)[N]["path"];
type Query = Record<string, string>;
/** A route's parameters, named by its pattern: `{ uuid }` for `/visita/:uuid`, none for `/pagos`. */
type ParamsArgs<N extends RouteName> = [PathParam<PatternOf<N>>] extends [never]
  ? [params?: undefined, query?: Query]
  : [params: Record<PathParam<PatternOf<N>>, string>, query?: Query];

/**
 * A link to a route of docs/product/screens-and-routes.md, built from its Spanish path: `pathTo("visit", { uuid })` →
 * `/visita/4f…`, `pathTo("payments", undefined, { redirect })` → `/pagos?redirect=…`. Every link
 * in the app is built here, so a route's path is written once (the lint refuses a hand-written one).
 */
export function pathTo<N extends RouteName>(name: N, ...[params, query]: ParamsArgs<N>): string {
  // Every pattern's parameters are whole `:name` segments, and ParamsArgs makes each one given
  // (React Router's generatePath would do the same, and bring the router into the sign-in screen).
  const values = (params ?? {}) as Record<string, string>;
  const path = paths[name].path.replace(/:([\w-]+)/g, (_segment, key: string) => encodeURIComponent(values[key] ?? ""));
  const search = query ? new URLSearchParams(query).toString() : "";
  return search ? `${path}?${search}` : path;
}

/**
 * The sign-in wizard, to come back to `authRedirect` once signed in (docs/product/screens-and-routes.md and docs/product/entities-and-states.md); `checkout`
 * adds checkout=1 for the detail routes that pay something.
 */
export function signInPath(authRedirect?: string, { checkout = false }: { checkout?: boolean } = {}): string {
  if (!authRedirect) return paths.login.path;
  return pathTo("login", undefined, { authRedirect, ...(checkout ? { checkout: "1" } : {}) });
}
