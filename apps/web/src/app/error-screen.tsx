import { Component, type ReactNode, useEffect, useState } from "react";
import { BareLayout } from "../components/layout/bare-layout.tsx";
import { LoadingSection } from "../components/loading-view.tsx";
import { Page } from "../components/page.tsx";
import { reportError } from "../lib/analytics.ts";
import { isChunkLoadError, mayReloadForMissingChunk, reloadForMissingChunk } from "../lib/chunk-reload.ts";
import "./error-screen.css";
import { useT } from "../lib/translator.ts";

/**
 * What a screen shows instead of a developer page when it throws or its code cannot be
 * downloaded: a message in the driver's language, a reload and a way back to the start, never
 * a stack. A chunk missing after a deploy reloads the page once first (lib/chunk-reload.ts).
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  const missingChunk = isChunkLoadError(error);
  const [reloading, setReloading] = useState(() => missingChunk && mayReloadForMissingChunk());

  useEffect(() => {
    if (reloading) {
      if (!reloadForMissingChunk()) setReloading(false);
      return;
    }
    reportError(error);
  }, [reloading, error]);

  if (reloading) return <LoadingSection />;
  return (
    <Page title={t("error_screen.title")}>
      <section className="card error-screen">
        <p>{t(missingChunk ? "error_screen.new_version" : "error_screen.body")}</p>
        <div className="form-actions">
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t("error_screen.reload")}
          </button>
          {/* A full page load: whatever state broke this screen is left behind. */}
          <a className="button button-secondary" href="/">
            {t("error_screen.home")}
          </a>
        </div>
      </section>
    </Page>
  );
}

/** The error screen in the bare layout: where there is no app shell to keep. */
export function BareErrorScreen({ error }: { error: unknown }) {
  return (
    <BareLayout>
      <div className="error-layout">
        <ErrorScreen error={error} />
      </div>
    </BareLayout>
  );
}

/**
 * What the router's root error element does, for the sign-in screen shown before the router
 * exists (docs/decisions/0095): whatever it throws shows the bare error screen.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  override render() {
    return this.state.error ? <BareErrorScreen error={this.state.error} /> : this.props.children;
  }
}
