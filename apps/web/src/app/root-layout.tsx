import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { LoadingView } from "../components/loading-view.tsx";
import { sessionStore } from "../lib/session.ts";
import { useStore } from "../lib/store.ts";
import { RootFrame } from "./root-frame.tsx";

/** The driver's things as last kept, when the app opened with no connection (docs/offline.md). */
const OfflineScreen = lazy(() => import("../features/offline/routes/offline.tsx"));

/**
 * Above every route: the root frame around the matched route, or the offline screen when the
 * session could not be checked for want of a connection.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const { offline } = useStore(sessionStore);
  return (
    <RootFrame pathname={pathname}>
      {offline ? (
        <Suspense fallback={<LoadingView />}>
          <OfflineScreen />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </RootFrame>
  );
}
