import { type ComponentType, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { LoadingView } from "../components/loading-view.tsx";
import { sessionStore } from "../lib/session.ts";
import { useStore } from "../lib/store.ts";
import { RootFrame } from "./root-frame.tsx";

/**
 * Above every route: the root frame around the matched route, or the offline screen when the
 * session could not be checked for want of a connection.
 */
export function RootLayout({ OfflineScreen }: { OfflineScreen: ComponentType }) {
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
