import { type ReactNode, useEffect } from "react";
import { ErrorDialogHost } from "../components/error-dialog-host.tsx";
import { LoadingView } from "../components/loading-view.tsx";
import { trackPageView } from "../lib/analytics.ts";
import { sessionStore } from "../lib/session.ts";
import { useStore } from "../lib/store.ts";

/**
 * Around every screen, with or without the router (the sign-in screen comes first without it,
 * docs/decisions/0095): the full-screen loading view while the session is restored on start,
 * scroll to the top on each navigation (docs/product/screens-and-routes.md), a page view per route change when analytics
 * is configured, and the error dialog.
 */
export function RootFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { restoring } = useStore(sessionStore);

  useEffect(() => {
    // Ours alone (docs/product/screens-and-routes.md: the top on each navigation, back and forward included): the browser's
    // own restoration would put an old position back once a lazy screen grows tall enough.
    history.scrollRestoration = "manual";
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
    trackPageView(pathname);
  }, [pathname]);

  return (
    <>
      {restoring ? <LoadingView /> : children}
      <ErrorDialogHost />
    </>
  );
}
