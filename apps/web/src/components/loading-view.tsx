import { Logo } from "./logo.tsx";
import "./loading-view.css";
import { useT } from "../lib/translator.ts";

/** Full-screen view with the logo while the session is being restored (docs/product/screens-and-routes.md). */
export function LoadingView({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading-view" role="status" aria-live="polite">
      <Logo className="loading-logo" />
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t("loading")}</span>
    </div>
  );
}

/** A smaller placeholder while a lazy screen's code arrives. */
export function LoadingSection() {
  const t = useT();
  return (
    <div className="loading-section" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("loading")}</span>
    </div>
  );
}
