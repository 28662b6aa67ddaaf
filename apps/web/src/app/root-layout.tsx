import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ErrorDialogHost } from "../components/error-dialog-host.tsx";
import { LoadingView } from "../components/loading-view.tsx";
import { trackPageView } from "../lib/analytics.ts";
import { sessionStore } from "../lib/session.ts";
import { useStore } from "../lib/store.ts";

/**
 * Above every route: the full-screen loading view while the session is restored on start,
 * scroll to the top on each navigation (spec §2), a page view per route change when analytics
 * is configured, and the error dialog.
 */
export function RootLayout() {
  const { restoring } = useStore(sessionStore);
  const { pathname } = useLocation();

  useEffect(() => {
    // Ours alone (spec §2: the top on each navigation, back and forward included): the browser's
    // own restoration would put an old position back once a lazy screen grows tall enough.
    history.scrollRestoration = "manual";
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
    trackPageView(pathname);
  }, [pathname]);

  return (
    <>
      {restoring ? <LoadingView /> : <Outlet />}
      <ErrorDialogHost />
    </>
  );
}
