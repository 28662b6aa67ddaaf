import { StrictMode, startTransition } from "react";
import type { Root } from "react-dom/client";
import { BareLayout } from "../components/layout/bare-layout.tsx";
import { LoadingView } from "../components/loading-view.tsx";
import { paths } from "../config/paths.ts";
import { LoginBeforeRouter } from "../features/auth/routes/login-before-router.tsx";
import { setNavigator } from "../lib/navigation.ts";
import { hasRefreshToken } from "../lib/session.ts";
import { BareErrorScreen, ErrorBoundary } from "./error-screen.tsx";
import { RootFrame } from "./root-frame.tsx";

/**
 * The router, its route table and every screen behind it, with i18next for them: not in the first
 * download of / (decision 0326).
 */
const loadRouterApp = () =>
  Promise.all([import("./app.tsx"), import("../lib/i18n.ts").then(({ initI18n }) => initI18n())]).then(([app]) => app);

async function showRouterApp(root: Root): Promise<void> {
  try {
    const { App } = await loadRouterApp();
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    // A missing chunk after a deploy reloads once; anything else is the error screen.
    root.render(<BareErrorScreen error={error} />);
  }
}

/**
 * Renders the app (docs/decisions/0095). A visitor without a session at / sees the sign-in
 * wizard at once, without the router: the first download is what signing in needs. The first
 * navigation (signing in, a later wizard step, a 404) brings the router in at its target. Every
 * other start, and a stored session at / (it is redirected), renders the router.
 */
export function startApp(root: Root): void {
  if (window.location.pathname !== paths.login.path || hasRefreshToken()) {
    void showRouterApp(root);
    return;
  }
  let routerRequested = false;
  setNavigator((to, options) => {
    if (options?.replace) history.replaceState(null, "", to);
    else history.pushState(null, "", to);
    if (routerRequested) return;
    routerRequested = true;
    // The wizard is done here: the loading view (the router's own while a screen loads) until
    // the router takes over, so nothing of the wizard can be sent twice meanwhile.
    root.render(
      <StrictMode>
        <LoadingView />
      </StrictMode>,
    );
    void showRouterApp(root);
  });
  // In a transition React renders the wizard in slices of a few milliseconds, yielding between
  // them: the painted copy stays until the commit, and no long task blocks the page meanwhile
  // (Lighthouse's Total Blocking Time, decision 0345).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RootFrame pathname={paths.login.path}>
          <ErrorBoundary>
            <BareLayout>
              <LoginBeforeRouter />
            </BareLayout>
          </ErrorBoundary>
        </RootFrame>
      </StrictMode>,
    ),
  );
}
