import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Page } from "../../../components/page.tsx";
import { paths } from "../../../config/paths.ts";
import { freeflowWelcomeStore } from "../../../lib/welcome.ts";
import { FreeflowAccount } from "../components/freeflow-account.tsx";
import "../../../lib/catalogues/screens.ts";
import "../freeflow.css";

/**
 * /bienvenido-freeflow (docs/product/entities-and-states.md): where a freeflow driver lands on their activation day, with the
 * welcome flag set, and what the home's "how it works" opens later. It says what freeflow is
 * (cameras read the plate at the entrance and the exit, the stay is charged to the card, stays
 * are in Visits) and shows the plates and the card it works with.
 */
export default function WelcomeScreen() {
  const { t } = useTranslation("screens");
  // Read once: the flag is for this arrival only, and leaving the page clears it.
  const [justActivated] = useState(() => freeflowWelcomeStore.get());
  useEffect(() => () => freeflowWelcomeStore.set(false), []);

  return (
    <Page title={t("welcome_freeflow.title")}>
      <section className="card" aria-labelledby="welcome-heading">
        <h2 id="welcome-heading" className="section-title">
          {justActivated ? t("welcome_freeflow.heading_activated") : t("welcome_freeflow.heading")}
        </h2>
        <p>{t("welcome_freeflow.intro")}</p>
        <ol className="welcome-steps" aria-label={t("welcome_freeflow.steps_label")}>
          <li>{t("welcome_freeflow.step_entry")}</li>
          <li>{t("welcome_freeflow.step_exit")}</li>
          <li>{t("welcome_freeflow.step_visits")}</li>
        </ol>
      </section>
      <section className="card" aria-label={t("freeflow.title")}>
        <FreeflowAccount headingLevel={2} />
      </section>
      <div className="form-actions">
        <Link className="button button-primary" to={paths.dashboard.path}>
          {t("welcome_freeflow.home")}
        </Link>
        <Link className="button button-secondary" to={paths.visits.path}>
          {t("welcome_freeflow.visits")}
        </Link>
      </div>
    </Page>
  );
}
