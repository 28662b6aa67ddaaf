import { z } from "zod";
import { COUNTRIES, DOMAINS, THEMES } from "../constants.ts";

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
  analytics_id: z.string().nullable(),
  error_reporting_dsn: z.string().nullable(),
});
export type HostConfig = z.infer<typeof hostConfig>;
