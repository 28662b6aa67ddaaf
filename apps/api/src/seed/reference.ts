/**
 * Reference data, seeded into every database (with or without SEED_DEMO): the web app's OAuth
 * client, and the hosts with the platform's own organisation that owns them
 * (docs/product/hosts-and-themes.md). Nothing here is a demo tenant (docs/decisions/0298).
 */
import { DEFAULT_MAP_OPTIONS } from "@estaciona/contracts";
import type { NewRow } from "../db/schema.ts";

/** A seeded row: the timestamps are the seed's own. */
export type Seed<T> = Omit<T, "created_at" | "updated_at">;

export const WEB_CLIENT = {
  client_id: "estaciona-web",
  client_secret: "estaciona-web-public",
  is_public: 1,
  name: "Estaciona web app",
} as const;

/** The platform's own organisation: it owns the hosts; the demo (SEED_DEMO) adds its lots and operator to it. */
export const PLATFORM_ORGANISATION = {
  id: "4f6c1d2e-0000-4000-8000-000000000001",
  name: "Estaciona",
  contact_email: "ayuda@estaciona.localhost",
  contact_phone: "+528112345678",
};

const estacionaMap = DEFAULT_MAP_OPTIONS.estaciona;
const variantMap = DEFAULT_MAP_OPTIONS.isisa;

/** docs/product/hosts-and-themes.md: `localhost` is the default `estaciona` host; the others exercise the variants locally. */
export const HOSTS: Seed<NewRow<"hosts">>[] = [
  {
    hostname: "localhost",
    is_default: 1,
    organisation_id: PLATFORM_ORGANISATION.id,
    theme: "estaciona",
    domain: "estaciona",
    subdomain: null,
    country: "mx",
    force_spanish: 0,
    login_text_es: "",
    login_text_en: "",
    width: 250,
    map_lat: estacionaMap.center.lat,
    map_lng: estacionaMap.center.lng,
    map_zoom: estacionaMap.zoom,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "Estaciona",
    primary_color: "#0b5cad",
    logo: "/themes/estaciona/logo.svg",
    features: JSON.stringify(["visits", "events", "meters", "valet", "subscriptions", "billing"]),
    client_id: WEB_CLIENT.client_id,
    location_ids: null,
    support_email: null,
    support_phone: null,
    faq: null,
  },
  {
    hostname: "isisa.localhost",
    is_default: 0,
    organisation_id: PLATFORM_ORGANISATION.id,
    theme: "isisa",
    domain: "estaciona",
    subdomain: "isisa",
    country: "mx",
    force_spanish: 1,
    login_text_es: "Estacionamiento universitario: inicia sesión con tu celular.",
    login_text_en: "University parking: sign in with your mobile phone.",
    width: 250,
    map_lat: variantMap.center.lat,
    map_lng: variantMap.center.lng,
    map_zoom: variantMap.zoom,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "ISISA",
    primary_color: "#7a1f3d",
    logo: "/themes/isisa/logo.svg",
    features: JSON.stringify(["visits", "subscriptions", "student_id", "billing"]),
    client_id: WEB_CLIENT.client_id,
    // The university host sells only the campus lot's passes (docs/decisions/0165).
    location_ids: JSON.stringify(["7d1e5a10-0000-4000-8000-000000000103"]),
    support_email: null,
    support_phone: null,
    faq: null,
  },
  {
    hostname: "freeflow.localhost",
    is_default: 0,
    organisation_id: PLATFORM_ORGANISATION.id,
    theme: "freeflow",
    domain: "freeflow",
    subdomain: "freeflow",
    country: "mx",
    force_spanish: 0,
    login_text_es: "Entra y sal sin boleto: registra tus placas y tu tarjeta.",
    login_text_en: "Drive in and out with no ticket: register your plates and your card.",
    width: 250,
    map_lat: variantMap.center.lat,
    map_lng: variantMap.center.lng,
    map_zoom: variantMap.zoom,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "Freeflow",
    primary_color: "#0b6e4f",
    logo: "/themes/freeflow/logo.svg",
    features: JSON.stringify(["visits", "freeflow", "billing"]),
    client_id: WEB_CLIENT.client_id,
    location_ids: null,
    support_email: null,
    support_phone: null,
    faq: null,
  },
  {
    hostname: "us.localhost",
    is_default: 0,
    organisation_id: PLATFORM_ORGANISATION.id,
    theme: "estaciona",
    domain: "estaciona",
    subdomain: "us",
    country: "us",
    force_spanish: 0,
    login_text_es: "",
    login_text_en: "",
    width: 250,
    map_lat: 30.2672,
    map_lng: -97.7431,
    map_zoom: 12,
    privacy_url_en: "https://estaciona.app/en/privacy",
    brand_name: "Estaciona",
    primary_color: "#0b5cad",
    logo: "/themes/estaciona/logo.svg",
    features: JSON.stringify(["visits", "events", "meters", "valet", "subscriptions"]),
    client_id: WEB_CLIENT.client_id,
    // Its own support line: the organisation's contact is the Mexican one.
    location_ids: null,
    support_email: "help@us.estaciona.localhost",
    support_phone: "+15125550123",
    faq: null,
  },
];
