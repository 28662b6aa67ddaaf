import type { redactOptions } from "pino";

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
