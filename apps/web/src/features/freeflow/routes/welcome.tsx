import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "../../../components/logo.tsx";
import { Page } from "../../../components/page.tsx";
import { paths } from "../../../config/paths.ts";
import { freeflowWelcomeStore } from "../../../lib/welcome.ts";
import "../../../lib/catalogues/screens.ts";

/** /bienvenido-freeflow: greets a freeflow driver on their activation day (spec §4). */
export default function WelcomeScreen() {
  const { t } = useTranslation("screens");
  // The welcome is shown once per sign-in; leaving the page clears the flag.
  useEffect(() => () => freeflowWelcomeStore.set(false), []);
  return (
    <Page title={t("welcome_freeflow.title")}>
      <section className="card welcome">
        <Logo className="welcome-logo" />
        <h2 className="section-title">{t("welcome_freeflow.heading")}</h2>
        <p>{t("welcome_freeflow.body")}</p>
        <div className="form-actions">
          <Link className="button button-primary" to={paths.dashboard.path}>
            {t("welcome_freeflow.home")}
          </Link>
          <Link className="button button-secondary" to={paths.vehicles.path}>
            {t("welcome_freeflow.vehicles")}
          </Link>
          <Link className="button button-secondary" to={paths.payments.path}>
            {t("welcome_freeflow.payments")}
          </Link>
        </div>
      </section>
    </Page>
  );
}
