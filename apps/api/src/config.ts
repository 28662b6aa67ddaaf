import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { localSecret } from "./lib/keyring.ts";
import { trustProxy } from "./lib/trust-proxy.ts";
import { DEFAULT_PUSH_SERVICE_HOSTS, pushConfig } from "./lib/vapid.ts";
import { DEFAULT_MAP_STYLE_URL, mapStyleUrl, urlOrigins } from "./map-config.ts";

/**
 * The one typed configuration object, read from the environment once at start-up. A bad value
 * stops start-up with a message naming the variable (see docs/configuration.md).
 */
const boolean = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => ["true", "1", "yes"].includes(value));
const optional = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));
const port = z.coerce.number().int().min(0).max(65535);

/**
 * TWILIO_WHATSAPP_TEMPLATES: the Content SID of each approved WhatsApp template, per language, as
 * JSON: `{"sign_in_code":{"es":"HX…","en":"HX…"},"meter_reminder":{…},"meter_expired":{…}}`
 * (twilio-oai `ContentSid`: `^HX[0-9a-fA-F]{32}$`; docs/decisions/0161).
 */
/** The messages the product sends by WhatsApp, each one approved template per language. */
export const WHATSAPP_TEMPLATES = ["sign_in_code", "meter_reminder", "meter_expired"] as const;
export type WhatsappTemplateName = (typeof WHATSAPP_TEMPLATES)[number];
const contentSid = z.string().regex(/^HX[0-9a-fA-F]{32}$/, "a Content SID: HX and 32 hex digits");
const whatsappTemplates = z
  .string()
  .transform((raw, context) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "not JSON" });
      return z.NEVER;
    }
  })
  .pipe(
    z.strictObject(
      Object.fromEntries(
        WHATSAPP_TEMPLATES.map((name) => [name, z.strictObject({ es: contentSid, en: contentSid })]),
      ) as Record<WhatsappTemplateName, z.ZodObject<{ es: typeof contentSid; en: typeof contentSid }>>,
    ),
  );

const environment = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(8080),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: optional.pipe(z.url().optional()),
  REDIS_URL: optional.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy,
  APP_SECRET: optional.pipe(z.string().min(32).optional()),
  /** During a rotation: the secret APP_SECRET replaced, accepted (never used to sign) until APP_SECRET_PREVIOUS_UNTIL. */
  APP_SECRET_PREVIOUS: optional.pipe(z.string().min(32).optional()),
  APP_SECRET_PREVIOUS_UNTIL: optional.pipe(z.iso.datetime({ offset: true }).optional()),
  /** Unset: demo data outside production only. */
  SEED_DEMO: boolean.optional(),
  PROCESS_ROLE: z.enum(["all", "api", "worker"]).default("all"),
  /** Unset: migrate (and seed) at start outside production; production runs `npm run migrate` once per deploy. */
  MIGRATE_AT_START: boolean.optional(),
  METRICS_PORT: port.optional(),
  /** Seconds a stopping instance answers "not ready" before it closes, so the load balancer drains it. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, "../../web/dist")),
  SIGN_IN_IP_MAX_PER_HOUR: z.coerce.number().int().min(1).optional(),
  API_IP_MAX_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** The meters map's street style and further origins of its tiles (decision 0220; apps/api/src/map-config.ts). */
  MAP_STYLE_URL: optional.pipe(mapStyleUrl),
  MAP_TILE_ORIGINS: optional.pipe(urlOrigins),
  /** Minutes before a parking-meter session ends that the driver is reminded (docs/product/parking.md). */
  METER_REMINDER_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  ANALYTICS_ID: optional,
  /** Web Push (lib/vapid.ts, docs/configuration.md): the VAPID key pair and subject, the push services' hosts. */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(/^(mailto:|https:)/, "a mailto: or https: URL")
      .optional(),
  ),
  PUSH_SERVICE_HOSTS: z.string().default(DEFAULT_PUSH_SERVICE_HOSTS),
  ERROR_REPORTING_DSN: optional.pipe(z.url().optional()),
  /** Share of page loads whose traces the browser's error reporting sends (the spec's default: all). */
  ERROR_REPORTING_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /** OTLP/HTTP collector (e.g. http://otel-collector:4318): traces are exported there; unset, none are made. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(z.url().optional()),
  OTEL_SERVICE_NAME: z.string().min(1).default("estaciona"),
  SMS_PROVIDER: z.enum(["sandbox", "twilio"]).optional(),
  SMS_CHANNEL: z.enum(["sms", "whatsapp"]).default("sms"),
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  TWILIO_WHATSAPP_FROM: optional,
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  TWILIO_MESSAGING_SERVICE_SID: optional.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, "a Messaging Service SID: MG and 32 hex digits")
      .optional(),
  ),
  TWILIO_WHATSAPP_TEMPLATES: optional.pipe(whatsappTemplates.optional()),
  EMAIL_PROVIDER: z.enum(["sandbox", "smtp"]).optional(),
  SMTP_URL: optional.pipe(z.url().optional()),
  EMAIL_FROM: z.string().default("Estaciona <no-reply@estaciona.localhost>"),
  CONEKTA_PRIVATE_KEY: optional,
  CONEKTA_PUBLIC_KEY: optional,
  CONEKTA_API_BASE: optional.pipe(z.url().optional()),
  NMI_SECURITY_KEY: optional,
  NMI_TOKENIZATION_KEY: optional,
  NMI_API_BASE: optional.pipe(z.url().optional()),
  NMI_SCRIPT_URL: optional.pipe(z.url().optional()),
  NETPAY_SECRET_KEY: optional,
  NETPAY_PUBLIC_KEY: optional,
  NETPAY_API_BASE: optional.pipe(z.url().optional()),
  CONEKTA_WEBHOOK_PUBLIC_KEY: optional,
  NMI_WEBHOOK_SIGNING_KEY: optional,
  FACTURAPI_WEBHOOK_SECRET: optional,
  SANDBOX_WEBHOOK_SECRET: optional.pipe(z.string().min(16).optional()),
  FACTURAPI_KEY: optional,
  FACTURAPI_API_BASE: z.url().default("https://www.facturapi.io/v2"),
  CONTACT_MAX_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(5),
  CONTACT_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  CARD_ADD_MAX_PER_USER_PER_DAY: z.coerce.number().int().min(1).optional(),
  CARD_ADD_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).optional(),
});

/** The abuse caps' defaults once a real provider is configured (docs/decisions/0013, 0080). */
export const PROVIDER_CAPS = {
  signInPerIpPerHour: 30,
  apiPerIpPerMinute: 600,
  cardAddPerUserPerDay: 3,
  cardAddPerIpPerHour: 10,
} as const;

/** Facturapi's secret keys: `sk_test_…` for its test environment, `sk_live_…` for stamped invoices. */
const FACTURAPI_TEST_KEY_PREFIX = "sk_test_";

/** A cap that never binds: what a cap defaults to while the thing it guards is a sandbox. */
const UNCAPPED = Number.MAX_SAFE_INTEGER;

/** Every variable read, as the environment spells it (`.env.example` and docs/configuration.md list each one). */
export const ENVIRONMENT_VARIABLES = Object.keys(environment.shape);

/** Variable names as the environment spells them; every value is a string there. */
export type Environment = { [K in keyof z.input<typeof environment>]?: string };

/**
 * Secrets as files (Docker and Kubernetes secrets): any variable may be given as `NAME_FILE`, the
 * path of a file holding its value (one trailing newline dropped). Both at once is refused: which
 * one wins would be a guess (docs/configuration.md).
 */
function fromFiles(given: Record<string, string | undefined>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ENVIRONMENT_VARIABLES) {
    const file = given[`${name}_FILE`];
    if (file === undefined) continue;
    if (given[name] !== undefined)
      throw new ConfigError(`Invalid configuration:\n  ${name}: set either it or ${name}_FILE, not both`);
    try {
      values[name] = readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  }
  return values;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty value is an unset one, so its default applies: `.env.example` writes `NAME=` for the
  // optional variables and compose's `env_file` passes them on as "" (an empty WEB_DIST_DIR
  // would otherwise serve no SPA, an empty SEED_DEMO stop start-up).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  Object.assign(given, fromFiles(given));
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && !e.APP_SECRET)
    throw new ConfigError("Invalid configuration:\n  APP_SECRET: required in production");
  if (Boolean(e.APP_SECRET_PREVIOUS) !== Boolean(e.APP_SECRET_PREVIOUS_UNTIL))
    throw new ConfigError(
      "Invalid configuration:\n  APP_SECRET_PREVIOUS_UNTIL: APP_SECRET_PREVIOUS and the end of its window go together",
    );

  const smsProvider = e.SMS_PROVIDER ?? (e.TWILIO_ACCOUNT_SID ? "twilio" : "sandbox");
  if (smsProvider === "twilio") {
    requireAll(e, ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"], "SMS_PROVIDER=twilio");
    if (!e.TWILIO_FROM && !e.TWILIO_WHATSAPP_FROM && !e.TWILIO_MESSAGING_SERVICE_SID)
      throw new ConfigError("Invalid configuration:\n  TWILIO_FROM: required with SMS_PROVIDER=twilio");
    // Every WhatsApp message we send is business-initiated (nobody writes to us first), so each
    // needs an approved template; without them the first sign-in code would be refused (63016).
    if (e.SMS_CHANNEL === "whatsapp" && !e.TWILIO_WHATSAPP_TEMPLATES)
      throw new ConfigError(
        "Invalid configuration:\n  TWILIO_WHATSAPP_TEMPLATES: required with SMS_CHANNEL=whatsapp (WhatsApp accepts only approved templates from a business)",
      );
  }
  if (production && smsProvider === "sandbox")
    throw new ConfigError(
      "Invalid configuration:\n  SMS_PROVIDER: the sandbox returns codes to the caller; not in production",
    );
  const emailProvider = e.EMAIL_PROVIDER ?? (e.SMTP_URL ? "smtp" : "sandbox");
  if (emailProvider === "smtp") requireAll(e, ["SMTP_URL"], "EMAIL_PROVIDER=smtp");
  if (production && emailProvider === "sandbox")
    throw new ConfigError(
      "Invalid configuration:\n  EMAIL_PROVIDER: the sandbox keeps e-mails in an outbox nobody reads; set SMTP_URL in production",
    );
  if (production && !e.CONEKTA_PRIVATE_KEY && !e.NMI_SECURITY_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  CONEKTA_PRIVATE_KEY / NMI_SECURITY_KEY: production needs at least one real card gateway (the sandbox never runs there)",
    );
  // NetPay wants the cardholder's CVV on every charge to a saved card (its "Pago con token
  // guardado" guide): renewals and freeflow exits have nobody to type it, and the product keeps
  // no card field in its own page. Refused plainly rather than failing charge by charge (decision 0160).
  if (production && e.NETPAY_SECRET_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  NETPAY_SECRET_KEY: NetPay asks for the CVV on every charge to a saved card, which unattended charges (renewals, freeflow exits) cannot give; NetPay is not offered in production (docs/decisions/0160)",
    );

  // The sandbox issuer writes unstamped CFDI that no SAT record knows, and Facturapi's test keys
  // stamp against its test environment: in production a driver's invoice must be a real one.
  if (production && !e.FACTURAPI_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  FACTURAPI_KEY: the sandbox issuer makes unstamped invoices; set a Facturapi live key in production",
    );
  if (production && e.FACTURAPI_KEY?.startsWith(FACTURAPI_TEST_KEY_PREFIX))
    throw new ConfigError(
      "Invalid configuration:\n  FACTURAPI_KEY: a Facturapi test key (sk_test_…) stamps nothing the SAT knows; use the live key in production",
    );

  // A payment gateway is real when its private key is set; then its public key must be set too.
  if (e.CONEKTA_PRIVATE_KEY) requireAll(e, ["CONEKTA_PUBLIC_KEY"], "CONEKTA_PRIVATE_KEY");
  if (e.NMI_SECURITY_KEY) requireAll(e, ["NMI_TOKENIZATION_KEY"], "NMI_SECURITY_KEY");
  if (e.NETPAY_SECRET_KEY) requireAll(e, ["NETPAY_PUBLIC_KEY"], "NETPAY_SECRET_KEY");
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) requireAll(e, ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"], "Web Push");

  // The caps guard SMS spend, code guessing and card testing. The sandbox SMS provider hands the
  // code back in the answer and the sandbox gateway charges no real card, so with sandboxes they
  // guard nothing, and from one address (a demo, a tester's machine) they only refuse people:
  // each defaults to no cap until its real provider is set (decision 0080). A set value wins.
  const smsIsSandbox = smsProvider === "sandbox";
  const cardsAreSandbox = !e.CONEKTA_PRIVATE_KEY && !e.NMI_SECURITY_KEY && !e.NETPAY_SECRET_KEY;
  const capUnlessSandbox = (set: number | undefined, sandbox: boolean, cap: number) =>
    set ?? (sandbox ? UNCAPPED : cap);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const twilioWebhookUrl = `${publicUrl}/api/open/webhooks/twilio`;
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? ({ engine: "postgres", url: e.DATABASE_URL } as const)
      : ({ engine: "sqlite", file: path.join(dataDir, "estaciona.sqlite") } as const),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    secret: e.APP_SECRET ?? (e.NODE_ENV === "test" ? "test-secret-test-secret-test-secret!!" : localSecret(dataDir)),
    /** The secret APP_SECRET replaced, accepted until its window ends (lib/keyring.ts). */
    previousSecret:
      e.APP_SECRET_PREVIOUS && e.APP_SECRET_PREVIOUS_UNTIL
        ? { secret: e.APP_SECRET_PREVIOUS, until: new Date(e.APP_SECRET_PREVIOUS_UNTIL) }
        : undefined,
    seedDemo: e.SEED_DEMO ?? !production,
    /** `api` serves HTTP and runs no jobs; `worker` runs jobs and serves no API; `all` does both. */
    role: e.PROCESS_ROLE,
    migrateAtStart: e.MIGRATE_AT_START ?? !production,
    metricsPort: e.METRICS_PORT,
    drainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR,
    meterReminderMinutes: e.METER_REMINDER_MINUTES,
    push: pushConfig(e, { production, dataDir, publicUrl }),
    limits: {
      signInPerIpPerHour: capUnlessSandbox(e.SIGN_IN_IP_MAX_PER_HOUR, smsIsSandbox, PROVIDER_CAPS.signInPerIpPerHour),
      apiPerIpPerMinute: capUnlessSandbox(
        e.API_IP_MAX_PER_MINUTE,
        smsIsSandbox && cardsAreSandbox,
        PROVIDER_CAPS.apiPerIpPerMinute,
      ),
    },
    web: {
      mapStyleUrl: e.MAP_STYLE_URL === "offline" ? null : (e.MAP_STYLE_URL ?? DEFAULT_MAP_STYLE_URL),
      mapTileOrigins: e.MAP_TILE_ORIGINS,
      analyticsId: e.ANALYTICS_ID ?? null,
      errorReportingDsn: e.ERROR_REPORTING_DSN ?? null,
      errorReportingSampleRate: e.ERROR_REPORTING_SAMPLE_RATE,
    },
    /** Traces over OTLP (plugins/tracing.ts), when a collector is configured. */
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME, role: e.PROCESS_ROLE }
      : undefined,
    sms: {
      provider: smsProvider,
      channel: e.SMS_CHANNEL,
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID ?? "",
        authToken: e.TWILIO_AUTH_TOKEN ?? "",
        from: e.TWILIO_FROM ?? "",
        whatsappFrom: e.TWILIO_WHATSAPP_FROM ?? "",
        messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID ?? "",
        whatsappTemplates: e.TWILIO_WHATSAPP_TEMPLATES ?? null,
        apiBase: e.TWILIO_API_BASE.replace(/\/$/, ""),
        /**
         * Sent with every message as `StatusCallback` and the URL Twilio's `X-Twilio-Signature` is
         * computed over (docs/decisions/0244): PUBLIC_URL must be the address Twilio reaches.
         */
        statusCallbackUrl: twilioWebhookUrl,
      },
    },
    email: { provider: emailProvider, smtpUrl: e.SMTP_URL ?? "", from: e.EMAIL_FROM },
    /** CFDI issuing (docs/product/invoicing-account-contact.md): Facturapi stamps real invoices when its secret key is set, else the sandbox issuer. */
    invoicing: e.FACTURAPI_KEY
      ? { facturapi: { secretKey: e.FACTURAPI_KEY, apiBase: e.FACTURAPI_API_BASE } }
      : { facturapi: null },
    contact: { maxPerUserPerDay: e.CONTACT_MAX_PER_USER_PER_DAY, maxPerIpPerHour: e.CONTACT_MAX_PER_IP_PER_HOUR },
    payments: {
      conekta: e.CONEKTA_PRIVATE_KEY
        ? { privateKey: e.CONEKTA_PRIVATE_KEY, publicKey: e.CONEKTA_PUBLIC_KEY ?? "", apiBase: e.CONEKTA_API_BASE }
        : null,
      nmi: e.NMI_SECURITY_KEY
        ? {
            securityKey: e.NMI_SECURITY_KEY,
            tokenizationKey: e.NMI_TOKENIZATION_KEY ?? "",
            apiBase: e.NMI_API_BASE,
            scriptUrl: e.NMI_SCRIPT_URL,
          }
        : null,
      netpay: e.NETPAY_SECRET_KEY
        ? { secretKey: e.NETPAY_SECRET_KEY, publicKey: e.NETPAY_PUBLIC_KEY ?? "", apiBase: e.NETPAY_API_BASE }
        : null,
      /**
       * What each gateway's webhooks are verified with (docs/decisions/0155): Conekta's webhook key
       * (PEM; `\\n` accepted for newlines), NMI's signing key, the sandbox's secret, Facturapi's (0208), Twilio's auth token (0244).
       */
      webhooks: {
        conektaPublicKey: e.CONEKTA_WEBHOOK_PUBLIC_KEY?.replace(/\\n/g, "\n") ?? null,
        nmiSigningKey: e.NMI_WEBHOOK_SIGNING_KEY ?? null,
        facturapiSecret: e.FACTURAPI_WEBHOOK_SECRET ?? null,
        // Twilio signs its status callbacks with the account's auth token, over the URL it called (0244).
        twilioAuthToken: e.TWILIO_AUTH_TOKEN ?? null,
        twilioUrl: twilioWebhookUrl,
        // The sandbox never runs in production (providers.ts): a fixed demo secret is enough by default.
        sandboxSecret: e.SANDBOX_WEBHOOK_SECRET ?? "estaciona-sandbox-webhook-secret",
      },
      cardAddMaxPerUserPerDay: capUnlessSandbox(
        e.CARD_ADD_MAX_PER_USER_PER_DAY,
        cardsAreSandbox,
        PROVIDER_CAPS.cardAddPerUserPerDay,
      ),
      cardAddMaxPerIpPerHour: capUnlessSandbox(
        e.CARD_ADD_MAX_PER_IP_PER_HOUR,
        cardsAreSandbox,
        PROVIDER_CAPS.cardAddPerIpPerHour,
      ),
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function requireAll(env: Record<string, unknown>, names: string[], because: string) {
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required with ${because}`).join("\n")}`,
    );
}
