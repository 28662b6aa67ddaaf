/** Business constants of docs/product/constants.md and docs/product/sign-in-and-sessions.md and docs/product/money.md. */
export const PHONE_DIGITS = 10;
export const CODE_DIGITS = 6;
export const PLATE_MAX_LENGTH = 10;
/**
 * The largest amount a client may set or send, in minor units (1,000,000.00 pesos or dollars):
 * every total the fee engine builds on it stays an exact integer (docs/decisions/0059).
 */
export const MAX_AMOUNT = 100_000_000;
/** The largest count a client may set (places, periods, redemptions): inside PostgreSQL's `integer`. */
export const MAX_COUNT = 1_000_000;
export const COUNTRY_DIAL_CODES = { mx: "+52", us: "+1" } as const;
export const RESEND_COUNTDOWN_SECONDS = 60;
export const TOKEN_REFRESH_INTERVAL_MS = 300_000;
export const SUCCESS_TOAST_MS = 3000;
export const CARD_RELOAD_DELAY_MS = 1000;
/** 10 MXN verification charge on a new card, in centavos; refunded at once. */
export const CARD_VERIFICATION_AMOUNT = 1000;
export const CARD_BRANDS = ["visa", "mastercard", "amex"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";
export const FALLBACK_LOCALE: Locale = "en";

export const COUNTRIES = ["mx", "us"] as const;
export type Country = (typeof COUNTRIES)[number];
export const CURRENCY_BY_COUNTRY = { mx: "mxn", us: "usd" } as const satisfies Record<Country, string>;
export type Currency = (typeof CURRENCY_BY_COUNTRY)[Country];

export const THEMES = ["isisa", "freeflow", "estaciona"] as const;
export type Theme = (typeof THEMES)[number];
export const DOMAINS = ["estaciona", "freeflow"] as const;
/** What a host may offer its drivers (docs/product/hosts-and-themes.md's features); the theme store's `features` list holds only these. */
export const HOST_FEATURES = ["visits", "events", "meters", "valet", "subscriptions", "billing"] as const;
export type HostFeature = (typeof HOST_FEATURES)[number];
/** The login box's width range, in CSS pixels (docs/product/entities-and-states.md: 250, or 200 in another reading). */
export const HOST_WIDTH = { min: 200, max: 600 } as const;
/** WCAG 2.x AA for normal text: white button text on the host's primary colour needs this contrast. */
export const MIN_BUTTON_CONTRAST = 4.5;

/** The WCAG 2.x contrast ratio of white against a `#rrggbb` colour (1 to 21). */
export function contrastWithWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}
export type Domain = (typeof DOMAINS)[number];
/**
 * The freeflow lots' zone: `free_flow_activation` is the calendar date there on which the driver
 * first saved a freeflow card (docs/decisions/0014).
 */
export const FREEFLOW_TIME_ZONE = "America/Mexico_City";

/** Default map options per theme (docs/product/constants.md). */
export const DEFAULT_MAP_OPTIONS = {
  estaciona: { center: { lat: 25.6643, lng: -100.3221 }, zoom: 12 },
  isisa: { center: { lat: 25.6613, lng: -100.4177 }, zoom: 15 },
  freeflow: { center: { lat: 25.6613, lng: -100.4177 }, zoom: 15 },
} as const satisfies Record<Theme, { center: { lat: number; lng: number }; zoom: number }>;

export const PAGINATOR_ROWS = 5;
export const PAGINATOR_PAGE_LINKS = 5;
export const NUMBER_INPUT_REPEAT_DELAY_MS = 500;
export const NUMBER_INPUT_REPEAT_INTERVAL_MS = 40;

/** Sign-in limits (docs/product/sign-in-and-sessions.md, research/reliability.md AUTH-2..8). */
export const SIGN_IN_LIMITS = {
  codeTtlSeconds: 600,
  maxWrongTriesPerCode: 5,
  resendCooldownSeconds: 60,
  maxSendsPerPhone: 5,
  sendWindowSeconds: 600,
  failuresBeforePause: 10,
  firstPauseSeconds: 30,
  maxPauseSeconds: 3600,
} as const;

export const TOKEN_LIFETIMES = {
  accessTokenSeconds: 600,
  refreshFamilySeconds: 30 * 24 * 3600,
} as const;
