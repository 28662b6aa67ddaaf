import type { FastifyRequest } from "fastify";
import { type redactOptions, stdSerializers } from "pino";

/**
 * No phone number, e-mail, token, code or card detail reaches a log line whole (issue 16,
 * research SEC): these keys are masked wherever a log call or Fastify's request serializer puts
 * them, one level deep. A phone keeps its country code and last two digits so support can still
 * tell two drivers apart; anything else becomes "[redacted]".
 */
const SENSITIVE_KEYS = [
  "phone",
  "phone_number",
  "to",
  "email",
  "recipient",
  "code",
  "token",
  "access_token",
  "refresh_token",
  "payment_token",
  "card_number",
  "cvv",
];

export function maskValue(value: unknown): string {
  if (typeof value !== "string") return "[redacted]";
  const phone = /^\+(52|1)\d{8}(\d{2})$/.exec(value);
  if (phone) return `+${phone[1]}••••••••${phone[2]}`;
  return "[redacted]";
}

export const logRedaction: redactOptions = {
  paths: [
    ...SENSITIVE_KEYS,
    ...SENSITIVE_KEYS.map((key) => `*.${key}`),
    "req.headers.authorization",
    'req.headers["x-device-key"]',
    "req.headers.cookie",
  ],
  censor: (value) => maskValue(value),
};

/** A phone (E.164, +52 or +1), an e-mail address, a card-number-like run of digits, or a JWT, inside free text. */
const PHONE_IN_TEXT = /\+(52|1)\d{8}(\d{2})(?!\d)/g;
const EMAIL_IN_TEXT = /[\w.%+-]+@[\w-]+(\.[\w-]+)+/g;
const CARD_NUMBER_IN_TEXT = /(?<!\d)\d{13,19}(?!\d)/g;
const JWT_IN_TEXT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/**
 * Masks what the keys above cannot reach: personal data inside a text — an error message from a
 * provider ("The 'To' number +52… is not valid", a rejected recipient), or a URL's query (the
 * console searches drivers and payments by phone).
 */
export function maskText(text: string): string {
  return text
    .replace(PHONE_IN_TEXT, (_phone, country: string, last: string) => `+${country}••••••••${last}`)
    .replace(EMAIL_IN_TEXT, "[redacted]")
    .replace(CARD_NUMBER_IN_TEXT, "[redacted]")
    .replace(JWT_IN_TEXT, "[redacted]");
}

/** Every text of a serialized error, its own properties and theirs (a provider's `rejected` list…), masked. */
function maskTexts(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return maskText(value);
  if (depth > 3 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => maskTexts(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskTexts(item, depth + 1)]));
}

/** Paths whose last segment is a bearer secret: a reminder's extend link (docs/decisions/0196). */
const SECRET_IN_PATH = /(\/(?:extender|extend|meter-extend)\/)[^/?#]+/g;
const maskPath = (path: string): string => maskText(path.replace(SECRET_IN_PATH, "$1[redacted]"));

/** A request's URL as logged: every query value masked (its names kept), the path's texts and secrets masked. */
export function maskUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return maskPath(url);
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()];
  return `${maskPath(url.slice(0, queryAt))}?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join("&")}`;
}

/** Fastify's request and error serializers, with the masks above. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: Error) => maskTexts(stdSerializers.err(error)) as ReturnType<typeof stdSerializers.err>,
};
