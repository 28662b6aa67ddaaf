import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { BareLayout } from "../components/layout/bare-layout.tsx";
import { paths } from "../config/paths.ts";
import { LoginBeforeRouter } from "../features/auth/routes/login-before-router.tsx";
import { setNavigator } from "../lib/navigation.ts";
import { hasRefreshToken } from "../lib/session.ts";
import { BareErrorScreen, ErrorBoundary } from "./error-screen.tsx";
import { RootFrame } from "./root-frame.tsx";

/** The router, its route table and every screen behind it: not in the first download of /. */
const loadRouterApp = () => import("./app.tsx");

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
    void showRouterApp(root);
  });
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
  );
}
