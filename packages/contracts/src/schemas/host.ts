import { z } from "zod";
import { COUNTRIES, DOMAINS, THEMES } from "../constants.ts";
import { requiredText } from "./common.ts";

/** One question and its answer on the contact screen. */
export const faqItem = z.object({ question: requiredText(200), answer: requiredText(1000) });
export type FaqItem = z.infer<typeof faqItem>;

/** A host's own questions in both languages (docs/decisions/0165); at most 12 each. */
export const hostFaq = z.object({ es: z.array(faqItem).max(12), en: z.array(faqItem).max(12) });
export type HostFaq = z.infer<typeof hostFaq>;

/** The public configuration of the requesting host (docs/product/hosts-and-themes.md), injected into index.html. */
export const hostConfig = z.object({
  hostname: z.string(),
  theme: z.enum(THEMES),
  domain: z.enum(DOMAINS),
  subdomain: z.string().nullable(),
  country: z.enum(COUNTRIES),
  force_spanish: z.boolean(),
  login_text: z.object({ es: z.string(), en: z.string() }),
  width: z.number().int(),
  map_options: z.object({
    center: z.object({ lat: z.number(), lng: z.number() }),
    zoom: z.number(),
    style_url: z.string().nullable(),
  }),
  privacy_url_en: z.string().nullable(),
  brand: z.object({ name: z.string(), primary_color: z.string(), logo: z.string() }),
  features: z.array(z.string()),
  client_id: z.string(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  /** The host's own questions; null: the questions of its theme and country from the catalogue. */
  faq: hostFaq.nullable(),
  analytics_id: z.string().nullable(),
  error_reporting_dsn: z.string().nullable(),
  /** Share of page loads whose traces the error reporting sends (0–1; the operator's setting). */
  error_reporting_sample_rate: z.number().min(0).max(1),
});
export type HostConfig = z.infer<typeof hostConfig>;
