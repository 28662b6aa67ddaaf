import { Activity, type ComponentType, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link, matchPath, Outlet, useLocation } from "react-router";
import { Toaster } from "sonner";
import { paths } from "../../config/paths.ts";
import { getHostConfig } from "../../lib/host-config.ts";
import { sessionStore } from "../../lib/session.ts";
import { useStore } from "../../lib/store.ts";
import { titleStore } from "../../lib/title.ts";
import { MenuIcon } from "../icons.tsx";
import { LanguageSelector } from "../language-selector.tsx";
import { LoadingSection } from "../loading-view.tsx";
import { Logo } from "../logo.tsx";
import { TopBarShowsTitle } from "../page.tsx";
import { SideMenu } from "./side-menu.tsx";
import "./app-shell.css";

/** docs/product/screens-and-routes.md: toasts are 300 px wide from the 920 px breakpoint up; below it they span the screen. */
const WIDE_SCREEN = "(min-width: 920px)";
const subscribeToWidth = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const isWideScreen = () => window.matchMedia(WIDE_SCREEN).matches;
/** Toasts sit under the 56 px top bar, never over its logo, menu or language switch. */
const BELOW_TOP_BAR = { top: 64, right: 16, left: 16 };

/**
 * A screen the shell keeps mounted, hidden, while the driver is elsewhere (docs/product/screens-and-routes.md: the visits
 * list keeps its filter, page and scroll). The router hands it over: the shell imports no feature.
 */
export interface KeptAliveScreen {
  route: { path: string; alias?: string };
  Screen: ComponentType;
}

const isOn = ({ path, alias }: KeptAliveScreen["route"], pathname: string) =>
  matchPath(path, pathname) !== null || (alias !== undefined && matchPath(alias, pathname) !== null);

/**
 * Every screen but login and 3-D Secure (docs/product/screens-and-routes.md): top bar with the title (the dashboard shows
 * the logo), the menu button (not on the privacy page), the language selector, the side menu,
 * and a footer with the privacy link and the year. The visits screen stays alive when the
 * driver navigates away; every screen is re-created when the signed-in user changes.
 */
export default function AppShell({ keptAlive }: { keptAlive: KeptAliveScreen }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const title = useStore(titleStore);
  const { user } = useStore(sessionStore);
  const [menuOpen, setMenuOpen] = useState(false);
  const host = getHostConfig();
  const onKeptAlive = isOn(keptAlive.route, pathname);
  const [keptAliveOpened, setKeptAliveOpened] = useState(onKeptAlive);
  useEffect(() => {
    if (onKeptAlive) setKeptAliveOpened(true);
  }, [onKeptAlive]);

  const onDashboard = pathname === paths.dashboard.path;
  const onPrivacy = pathname === paths.privacy.path;
  const privacyHref = i18n.language === "en" && host.privacy_url_en ? host.privacy_url_en : paths.privacy.path;
  const userKey = user?.uuid ?? "signed-out";
  const wide = useSyncExternalStore(subscribeToWidth, isWideScreen, () => false);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t("skip_to_content")}
      </a>
      <header className="top-bar">
        {!onPrivacy && (
          <button
            type="button"
            className="icon-button top-bar-menu"
            aria-label={t("menu.open")}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        )}
        <div className="top-bar-title">
          {onDashboard ? <Logo className="top-bar-logo" /> : <span aria-hidden="true">{title}</span>}
        </div>
        <LanguageSelector />
      </header>
      <SideMenu open={menuOpen} onOpenChange={setMenuOpen} />
      <main id="main" className="app-main" tabIndex={-1}>
        <TopBarShowsTitle value={true}>
          <Suspense fallback={<LoadingSection />}>
            {keptAliveOpened && (
              <Activity key={userKey} mode={onKeptAlive ? "visible" : "hidden"}>
                <keptAlive.Screen />
              </Activity>
            )}
            {!onKeptAlive && <Outlet key={userKey} />}
          </Suspense>
        </TopBarShowsTitle>
      </main>
      <footer className="footer">
        {privacyHref.startsWith("/") ? (
          <Link to={privacyHref}>{t("footer.privacy")}</Link>
        ) : (
          <a href={privacyHref} target="_blank" rel="noopener noreferrer">
            {t("footer.privacy")}
          </a>
        )}
        <span>{t("footer.copyright", { year: new Date().getFullYear(), brand: host.brand.name })}</span>
      </footer>
      {/* Expanded: a stacked toast behind another is drawn faded, which fails contrast. */}
      <Toaster
        position="top-right"
        expand
        style={{ ["--width" as string]: wide ? "300px" : "calc(100vw - 2rem)" }}
        offset={BELOW_TOP_BAR}
        mobileOffset={BELOW_TOP_BAR}
      />
    </div>
  );
}
