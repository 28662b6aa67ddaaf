import { formatPhoneNumber } from "@estaciona/contracts/phones";
import type { FaqItem } from "@estaciona/contracts/schemas/host";
import { useTranslation } from "react-i18next";
import { Page } from "../../../components/page.tsx";
import { getHostConfig } from "../../../lib/host-config.ts";
import { ContactForm } from "../components/contact-form.tsx";
import "../../../lib/catalogues/contact.ts";

/** The number as dialled: "+52 81 1234-5678" → "+528112345678". */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, "");

/** /contacto: the host operator's contact details, the contact form and the host's questions and answers (docs/product/invoicing-account-contact.md). */
export default function ContactScreen() {
  const { t, i18n } = useTranslation("contact");
  const host = getHostConfig();
  // The host's own questions when its operator wrote some, else its theme's; a US host never
  // reads the Mexican card check or invoice questions (docs/decisions/0165).
  const faq =
    host.faq?.[i18n.language === "es" ? "es" : "en"] ??
    (t(`faq.${host.country === "us" ? "us" : host.theme}`, { returnObjects: true }) as FaqItem[]);
  const { email, phone } = host.contact;
  return (
    <Page title={t("title")}>
      <section className="card" aria-labelledby="operator-heading">
        <h2 id="operator-heading" className="section-title">
          {t("operator_heading")}
        </h2>
        {email || phone ? (
          <dl className="details">
            {email && (
              <div>
                <dt>{t("email")}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </div>
            )}
            {phone && (
              <div>
                <dt>{t("phone")}</dt>
                <dd>
                  <a href={`tel:${dialable(phone)}`}>{formatPhoneNumber(dialable(phone))}</a>
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">{t("no_details")}</p>
        )}
      </section>
      <section className="card" aria-labelledby="form-heading">
        <h2 id="form-heading" className="section-title">
          {t("form_heading")}
        </h2>
        <ContactForm />
      </section>
      <section className="card" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="section-title">
          {t("faq_heading")}
        </h2>
        <div className="faq">
          {faq.map((item) => (
            <details key={item.question} className="faq-item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </Page>
  );
}
