import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { profileQuery, rereadConsole } from "../api/operator.ts";
import { ConsoleNav } from "../components/console-nav.tsx";
import "../lib/catalogue.ts";
import "../styles/console.css";

/**
 * The console's frame (docs/product/operators.md): the operator's organisation and the sections, then the
 * section's screen. A signed-in driver who is not an operator is told so here, once. Each screen
 * opened reads current figures (rereadConsole).
 */
export default function ConsoleLayout() {
  const { t } = useTranslation("operator");
  const profile = useQuery(profileQuery());
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // After the screen's own queries have subscribed (a child's effects run first), so they are the ones read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read
  useEffect(() => {
    void rereadConsole(queryClient);
  }, [pathname, queryClient]);
  if (profile.isPending) return <LoadingSection />;
  if (profile.isError)
    return (
      <div className="page">
        <h1 className="page-title">{t("title")}</h1>
        <p className="notice notice-warning" role="alert">
          {t("not_an_operator")}
        </p>
      </div>
    );
  return (
    <div className="console">
      <div className="console-header">
        <p className="console-organisation">
          <span className="muted">{t("organisation")}</span> <strong>{profile.data.organisation.name}</strong>
        </p>
        <ConsoleNav platform={profile.data.platform} />
      </div>
      <Outlet />
    </div>
  );
}
