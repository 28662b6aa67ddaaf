/**
 * Every route of spec §2: Spanish paths with their English aliases. `checkout` marks the
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
  event: { path: "/eventos/:uuid", alias: "/events/:uuid", checkout: true },
  peninsula: { path: "/evento/peninsula" },
  meters: { path: "/parquimetros", alias: "/parking-meters" },
  meter: { path: "/parquimetros/:uuid", alias: "/parking-meters/:uuid", checkout: true },
  subscriptions: { path: "/pensiones", alias: "/subscriptions" },
  subscriptionsHistory: { path: "/pensiones/historial", alias: "/subscriptions/history" },
  subscription: { path: "/pensiones/:uuid", alias: "/subscriptions/:uuid" },
  promo: { path: "/promo/:code" },
  visit: { path: "/visita/:uuid", alias: "/visit/:uuid" },
  /** Not in the spec: the printable receipt of a paid visit (DESIGN §5, the ledger's amounts). */
  visitReceipt: { path: "/visita/:uuid/recibo", alias: "/visit/:uuid/receipt" },
  eventVisit: { path: "/visita/evento/:uuid", alias: "/visit/event/:uuid" },
} as const satisfies Record<string, { path: string; alias?: string; checkout?: boolean }>;

export type RouteName = keyof typeof paths;
