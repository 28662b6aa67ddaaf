import { type ComponentType, lazy } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, Outlet, type RouteObject, redirect } from "react-router";
import { BareLayout } from "../components/layout/bare-layout.tsx";
import { LoadingView } from "../components/loading-view.tsx";
import { paths } from "../config/paths.ts";
import { LoginScreen } from "../features/auth/routes/login.tsx";
import { setNavigator } from "../lib/navigation.ts";
import { hasRefreshToken } from "../lib/session.ts";
import { guardRedirect } from "./guard.ts";
import { RootLayout } from "./root-layout.tsx";
import { RootError, ScreenError } from "./route-error.tsx";

type ScreenModule = { default: ComponentType };

type LazyRoute = Pick<RouteObject, "Component" | "element" | "loader">;

/**
 * A route fetched when it is first visited. A download that fails becomes a loader that fails
 * with it, so the route's error element shows it: React Router 7 leaves a route whose `lazy`
 * rejected unrendered (a blank page, not even the error element).
 */
const lazyRoute = (load: () => Promise<LazyRoute>) => async (): Promise<LazyRoute> => {
  try {
    return await load();
  } catch (error) {
    return {
      loader: () => {
        throw error;
      },
    };
  }
};

/**
 * Every screen but the wizard is its own chunk. A screen that throws, or whose chunk cannot be
 * downloaded, shows the error screen in its place (the shell stays).
 */
const screen = (
  load: () => Promise<ScreenModule>,
  prefetch?: () => void,
): Pick<RouteObject, "lazy" | "ErrorBoundary"> => ({
  lazy: lazyRoute(async () => {
    prefetch?.();
    return { Component: (await load()).default };
  }),
  ErrorBoundary: ScreenError,
});

/**
 * Starts a screen's first queries when its route matches, beside the download of its chunk
 * rather than after it (decision 0325). `load` is the screen's small data module; one that cannot
 * be downloaded is left to the screen's own chunk, whose failure shows the error screen.
 */
const prefetchWith = (load: () => Promise<() => void>) => () => {
  load().then(
    (prefetch) => prefetch(),
    () => undefined,
  );
};
const prefetchVisits = prefetchWith(
  async () => (await import("../features/visits/routes/visits-data.ts")).prefetchVisits,
);
const prefetchMeters = prefetchWith(
  async () => (await import("../features/meters/routes/meters-data.ts")).prefetchMeters,
);

/** A route and, when it has one, its English alias (docs/product/screens-and-routes.md). */
function withAlias(
  route: { path: string; alias?: string },
  load: () => Promise<ScreenModule>,
  prefetch?: () => void,
): RouteObject[] {
  const lazyScreen = screen(load, prefetch);
  return [route.path, ...(route.alias ? [route.alias] : [])].map((path) => ({ path, ...lazyScreen }));
}

/** docs/product/screens-and-routes.md: authenticated routes need a stored refresh token. */
export function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = guardRedirect(url.pathname, url.search, hasRefreshToken());
  if (target) throw redirect(target);
  return null;
}

// The visits screen is rendered (and kept alive) by the shell itself; its route only matches.
const VisitsOutlet = () => null;
/** The driver's things as last kept, when the app opened with no connection (docs/offline.md). */
const OfflineScreen = lazy(() => import("../features/offline/routes/offline.tsx"));
const RootLayoutWithOffline = () => <RootLayout OfflineScreen={OfflineScreen} />;

const loadVisitsScreen = () => import("../features/visits/routes/visits.tsx");
const keptAliveVisits = { route: paths.visits, Screen: lazy(loadVisitsScreen) };
/**
 * The shell renders the visits screen, so its chunk would be asked for only once the shell's has
 * arrived: the route asks for it (and the first page of visits) as soon as it matches.
 */
const openVisits = () => {
  prefetchVisits();
  loadVisitsScreen().catch(() => undefined);
  return null;
};

export const routes: RouteObject[] = [
  {
    Component: RootLayoutWithOffline,
    HydrateFallback: LoadingView,
    // Whatever no screen caught (the app shell's own chunk, a layout): never React Router's page.
    ErrorBoundary: RootError,
    children: [
      {
        element: (
          <BareLayout>
            <Outlet />
          </BareLayout>
        ),
        children: [
          { path: paths.login.path, Component: LoginScreen, ErrorBoundary: ScreenError },
          ...withAlias(paths.threeDs, () => import("../features/payments/routes/three-ds.tsx")),
          // Public: a reminder's extend link works without signing in (docs/decisions/0196).
          ...withAlias(paths.extend, () => import("../features/reminders/routes/extend.tsx")),
          ...withAlias(paths.extendLink, () => import("../features/reminders/routes/extend.tsx")),
        ],
      },
      {
        // The shell's own failure goes to the root's error screen: there is no shell to keep.
        lazy: lazyRoute(async () => {
          const { default: AppShellWithData } = await import("../components/layout/app-shell-with-data.tsx");
          return { element: <AppShellWithData keptAlive={keptAliveVisits} /> };
        }),
        children: [
          ...withAlias(paths.privacy, () => import("../features/privacy/routes/privacy.tsx")),
          ...withAlias(paths.aisd, () => import("../features/partners/routes/aisd.tsx")),
          ...withAlias(paths.location, () => import("../features/locations/routes/location.tsx")),
          ...withAlias(paths.notFound, () => import("../features/not-found/routes/not-found.tsx")),
          ...withAlias(paths.verify, () => import("../features/verification/routes/verify.tsx")),
          {
            loader: requireSession,
            children: [
              ...withAlias(paths.dashboard, () => import("../features/dashboard/routes/dashboard.tsx")),
              ...withAlias(paths.billing, () => import("../features/billing/routes/billing.tsx")),
              ...withAlias(paths.paymentsNetpay, () => import("../features/payments/routes/payments-netpay.tsx")),
              ...withAlias(paths.payments, () => import("../features/payments/routes/payments.tsx")),
              ...withAlias(paths.account, () => import("../features/account/routes/account.tsx")),
              ...withAlias(paths.vaughn, () => import("../features/partners/routes/vaughn.tsx")),
              ...withAlias(paths.vehicles, () => import("../features/vehicles/routes/vehicles.tsx")),
              { path: paths.visits.path, Component: VisitsOutlet, loader: openVisits },
              { path: paths.visits.alias, Component: VisitsOutlet, loader: openVisits },
              ...withAlias(paths.contact, () => import("../features/contact/routes/contact.tsx")),
              ...withAlias(paths.welcomeFreeflow, () => import("../features/freeflow/routes/welcome.tsx")),
              ...withAlias(paths.checkout, () => import("../features/checkout/routes/checkout.tsx")),
              ...withAlias(paths.events, () => import("../features/events/routes/events.tsx")),
              ...withAlias(paths.event, () => import("../features/events/routes/event.tsx")),
              ...withAlias(paths.peninsula, () => import("../features/events/routes/peninsula.tsx")),
              ...withAlias(paths.meters, () => import("../features/meters/routes/meters.tsx"), prefetchMeters),
              ...withAlias(paths.meter, () => import("../features/meters/routes/meter.tsx")),
              ...withAlias(paths.subscriptionsHistory, () => import("../features/subscriptions/routes/history.tsx")),
              ...withAlias(paths.subscriptions, () => import("../features/subscriptions/routes/subscriptions.tsx")),
              ...withAlias(paths.subscription, () => import("../features/subscriptions/routes/subscription.tsx")),
              ...withAlias(paths.promo, () => import("../features/promo/routes/promo.tsx")),
              ...withAlias(paths.eventVisit, () => import("../features/events/routes/event-visit.tsx")),
              ...withAlias(paths.valetClaim, () => import("../features/valet/routes/claim.tsx")),
              ...withAlias(paths.valetTicket, () => import("../features/valet/routes/ticket.tsx")),
              ...withAlias(paths.visit, () => import("../features/visits/routes/visit.tsx")),
              ...withAlias(paths.visitReceipt, () => import("../features/visits/routes/receipt.tsx")),
              ...withAlias(paths.receipt, () => import("../features/receipts/routes/receipt.tsx")),
              ...withAlias(paths.reference, () => import("../features/payment-references/routes/reference.tsx")),
              ...withAlias(paths.receipts, () => import("../features/receipts/routes/history.tsx")),
              {
                // The operator console: its own frame (sections, the operator's organisation) around its screens.
                lazy: lazyRoute(async () => ({
                  Component: (await import("../features/operator/routes/console-layout.tsx")).default,
                })),
                ErrorBoundary: ScreenError,
                children: [
                  ...withAlias(paths.operator, () => import("../features/operator/routes/today.tsx")),
                  ...withAlias(paths.operatorLocations, () => import("../features/operator/routes/locations.tsx")),
                  ...withAlias(
                    paths.operatorNewLocation,
                    () => import("../features/operator/routes/location-edit.tsx"),
                  ),
                  ...withAlias(paths.operatorLocation, () => import("../features/operator/routes/location-edit.tsx")),
                  ...withAlias(paths.operatorPlans, () => import("../features/operator/routes/plans.tsx")),
                  ...withAlias(paths.operatorPromos, () => import("../features/operator/routes/promo-codes.tsx")),
                  ...withAlias(paths.operatorLocationQr, () => import("../features/operator/routes/location-qr.tsx")),
                  ...withAlias(paths.operatorDevices, () => import("../features/operator/routes/devices.tsx")),
                  ...withAlias(paths.operatorPayments, () => import("../features/operator/routes/payments.tsx")),
                  ...withAlias(paths.operatorPayment, () => import("../features/operator/routes/payment.tsx")),
                  ...withAlias(paths.operatorDrivers, () => import("../features/operator/routes/drivers.tsx")),
                  ...withAlias(paths.operatorDriver, () => import("../features/operator/routes/driver.tsx")),
                  ...withAlias(paths.operatorInvoices, () => import("../features/operator/routes/invoices.tsx")),
                  ...withAlias(paths.operatorDisputes, () => import("../features/operator/routes/disputes.tsx")),
                  ...withAlias(paths.operatorTeam, () => import("../features/operator/routes/team.tsx")),
                  ...withAlias(paths.operatorEvents, () => import("../features/operator/routes/events.tsx")),
                  ...withAlias(paths.operatorNewEvent, () => import("../features/operator/routes/event-edit.tsx")),
                  ...withAlias(paths.operatorEvent, () => import("../features/operator/routes/event-edit.tsx")),
                  ...withAlias(paths.operatorMeterZones, () => import("../features/operator/routes/meter-zones.tsx")),
                  ...withAlias(
                    paths.operatorNewMeterZone,
                    () => import("../features/operator/routes/meter-zone-edit.tsx"),
                  ),
                  ...withAlias(
                    paths.operatorMeterZone,
                    () => import("../features/operator/routes/meter-zone-edit.tsx"),
                  ),
                  ...withAlias(paths.operatorHosts, () => import("../features/operator/routes/hosts.tsx")),
                  ...withAlias(
                    paths.operatorOrganisations,
                    () => import("../features/operator/routes/organisations.tsx"),
                  ),
                ],
              },
              { path: "*", ...screen(() => import("../features/not-found/routes/not-found.tsx")) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
