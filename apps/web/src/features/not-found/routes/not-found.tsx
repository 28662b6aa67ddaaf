import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Page } from "../../../components/page.tsx";
import { paths } from "../../../config/paths.ts";
import "../../../lib/catalogues/screens.ts";
import "../not-found.css";

/** /notfound and every unknown path once signed in (docs/product/screens-and-routes.md). */
export default function NotFoundScreen() {
  const { t } = useTranslation("screens");
  return (
    <Page title={t("not_found.title")}>
      <section className="card not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <p>{t("not_found.body")}</p>
        <Link className="button button-primary" to={paths.dashboard.path}>
          {t("not_found.home")}
        </Link>
      </section>
    </Page>
  );
}
