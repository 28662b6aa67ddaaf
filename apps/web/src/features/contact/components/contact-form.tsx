import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TOPICS,
  type ContactReceipt,
  contactBody,
} from "@estaciona/contracts/schemas/contact";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { visitsQuery } from "../../visits/index.ts";
import { sendContactMessage } from "../api/contact.ts";

type FormInput = z.input<typeof contactBody>;
type FormOutput = z.output<typeof contactBody>;
/** The stays offered to refer to: the latest ones, which is what a driver writes about. */
const RECENT_VISITS = 10;

/**
 * Topic, message and, optionally, one of the driver's recent stays. Once sent, the reference the
 * operator will quote replaces the form.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation(["contact", "common"]);
  const visits = useQuery(visitsQuery("all", 1, RECENT_VISITS));
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contactBody),
    defaultValues: { topic: "visit", message: "", visit_uuid: "" },
  });
  const day = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-MX", { dateStyle: "medium" }).format(
          new Date(iso),
        )
      : "";

  if (receipt) {
    return (
      <div role="status">
        <h3 className="section-title">{t("sent_heading")}</h3>
        <p>{t("sent", { reference: receipt.reference })}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            reset();
            setReceipt(null);
          }}
        >
          {t("send_another")}
        </button>
      </div>
    );
  }

  const send = handleSubmit(async (body) => {
    try {
      setReceipt(await sendContactMessage(body));
    } catch {
      // The API client already showed the reason (a cap reached says how long to wait).
    }
  });

  return (
    <form className="form" noValidate onSubmit={send}>
      <FormField label={t("topic")} error={translateMessage(errors.topic?.message)}>
        {(ids) => (
          <select {...ids} className="input" {...register("topic")}>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`topics.${topic}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t("visit")} error={translateMessage(errors.visit_uuid?.message)}>
        {(ids) => (
          <select {...ids} className="input" {...register("visit_uuid")}>
            <option value="">{t("no_visit")}</option>
            {(visits.data?.items ?? []).map((visit) => (
              <option key={visit.uuid} value={visit.uuid}>
                {visit.location.name} · {visit.vehicle.plate} · {day(visit.entered_at ?? visit.paid_at)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t("message")}
        hint={t("message_hint", { max: CONTACT_MESSAGE_MAX_LENGTH })}
        error={translateMessage(errors.message?.message, { max: CONTACT_MESSAGE_MAX_LENGTH })}
      >
        {(ids) => (
          <textarea
            {...ids}
            className="input"
            rows={5}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            {...register("message")}
          />
        )}
      </FormField>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? t("sending") : t("send")}
        </button>
      </div>
    </form>
  );
}
