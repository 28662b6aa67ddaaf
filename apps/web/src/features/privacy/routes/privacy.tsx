import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page.tsx";
import { getHostConfig } from "../../../lib/host-config.ts";
import "../../../lib/catalogues/privacy.ts";

/** /privacidad: the privacy notice, public, in the driver's language. */
export default function PrivacyScreen() {
  const { t } = useTranslation("privacy");
  const brand = getHostConfig().brand.name;
  const sections = t("sections", { returnObjects: true, brand }) as { heading: string; paragraphs: string[] }[];
  return (
    <Page title={t("title")}>
      <article className="card prose">
        <p className="muted">{t("updated")}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className="section-title">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </Page>
  );
}
