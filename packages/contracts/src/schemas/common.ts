import { z } from "zod";
import { BALANCE_SOURCE } from "../balance.ts";
import { CODE_DIGITS, LOCALES, MAX_AMOUNT, MAX_COUNT, PHONE_DIGITS, PLATE_MAX_LENGTH } from "../constants.ts";
import { ERROR_STATUS, type ErrorCode } from "../errors.ts";
import { findState } from "../states.ts";

/**
 * Validation messages are keys of the `validation` namespace of @estaciona/i18n, so the SPA
 * shows them in the driver's language; the API maps any failure to `invalid_data` or
 * `missing_parameters` instead.
 */
export const MESSAGE = {
  required: "validation.required",
  email: "validation.email",
  alphanumeric: "validation.alphanumeric",
  maxLength: "validation.max_length",
  minLength: "validation.min_length",
  minValue: "validation.min_value",
  phone: "validation.required",
  code: "auth.invalid_code_format",
  state: "validation.state",
  characters: "validation.characters",
  timeZone: "validation.time_zone",
  date: "validation.date",
  color: "validation.color",
  contrast: "validation.contrast",
  logo: "validation.logo",
  url: "validation.url",
  features: "validation.features",
  range: "validation.range",
  studentId: "errors.api_invalid_student_id",
} as const;

/*
 * The one text rule (docs/decisions/0012). Text a client sends may not carry C0 control characters
 * (a multi-line field may carry tab, line feed and carriage return), DEL, C1 control characters or
 * a lone UTF-16 surrogate (half of a character, not valid Unicode). PostgreSQL refuses U+0000 in
 * text while SQLite stores it, and the rest is never typed by a person but can forge log lines or
 * hide text; refusing them here makes both engines hold the same data. Written without the `u`
 * flag so the pattern reaches the OpenAPI document as plain ECMA-262: a character is anything but
 * those, or a surrogate pair.
 */
const SINGLE_LINE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule refuses
  /^(?:[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const MULTI_LINE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule refuses
  /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/**
 * Any free text of a body, query or header: a string that follows the text rule. The API answers
 * a breach with `invalid_data` naming the field (`validation.characters`); build every other
 * text schema on it.
 */
export const text = (options: { multiline?: boolean } = {}) =>
  z
    .string({ error: MESSAGE.required })
    .regex(options.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, { error: MESSAGE.characters });

/** Trimmed, non-empty text ("Value is required"). */
export const requiredText = (max = 255) =>
  text().trim().min(1, { error: MESSAGE.required }).max(max, { error: MESSAGE.maxLength });

export const optionalText = (max = 255) =>
  text()
    .trim()
    .max(max, { error: MESSAGE.maxLength })
    .nullish()
    .transform((value) => value || null);

/**
 * Phone in E.164 restricted to Mexico (+52) and the USA (+1) with 10 national digits (docs/product/sign-in-and-sessions.md).
 * The spaces, hyphens, dots and parentheses people and the SPA's own display write in a number
 * (`+52 81 1234 5678`, `+1 (512) 555-0100`) are dropped first, so a copied number is the same
 * phone; control characters are not separators and still fail.
 */
export const e164Phone = z
  .string({ error: MESSAGE.required })
  .transform((value) => value.replace(/[ ().-]/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\+(52|1)\\d{${PHONE_DIGITS}}$`), { error: MESSAGE.phone }));

/** The 10 national digits typed in the wizard, after stripping anything that is not a digit. */
export const nationalPhone = z
  .string({ error: MESSAGE.required })
  .transform((value) => value.replace(/\D/g, ""))
  .refine((digits) => digits.length === PHONE_DIGITS, { error: MESSAGE.phone });

export const verificationCode = z
  .string({ error: MESSAGE.code })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), { error: MESSAGE.code });

export const email = text()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MESSAGE.email }).max(254));

export const plate = text()
  .trim()
  .min(1, { error: MESSAGE.required })
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGE.required })
      .max(PLATE_MAX_LENGTH, { error: MESSAGE.maxLength })
      .regex(/^[A-Z0-9]+$/, { error: MESSAGE.alphanumeric }),
  );

/** A state name from the Mexican or US list; answers the canonical name. */
export const stateName = text()
  .trim()
  .min(1, { error: MESSAGE.required })
  .refine((value) => findState(value) !== undefined, { error: MESSAGE.state })
  .transform((value) => findState(value)?.name ?? value);

export const locale = z.enum(LOCALES);

/**
 * A decimal number in a query string. Not `z.coerce.number()`: `Number("")`, `Number(" ")` and
 * `Number("\t")` are all 0, so a blank or a control character would pass as a real coordinate.
 */
export const queryDecimal = z
  .string()
  .regex(/^-?\d{1,3}(\.\d{1,12})?$/, { error: MESSAGE.characters })
  .transform(Number);

export const uuid = z.uuid();

/** What a pay call names to pay with: a saved card's uuid, or `"balance"` (docs/decisions/0210). */
export const paymentSource = z.union([uuid, z.literal(BALANCE_SOURCE)]);

/** Money in integer minor units (docs/product/money.md). */
export const amount = z.number().int().min(0);
/**
 * Money a client sets or sends (a price, a fee, an amount to pay or refund): at most MAX_AMOUNT.
 * Larger values broke the fee engine's exact arithmetic and, stored anyway, every later list that
 * priced them (docs/decisions/0059).
 */
export const boundedAmount = amount.max(MAX_AMOUNT);
/**
 * A positive `boundedAmount` whose every refusal (not a number, fractional, zero, negative, over
 * MAX_AMOUNT) answers the rule's own catalogue code instead of `invalid_data`: the API's error
 * handler answers a body message that is a catalogue code with that code (a refund's `invalid_refund`).
 */
export function positiveAmountOr(code: ErrorCode) {
  const refusal = { error: code };
  return z.number(refusal).int(refusal).min(1, refusal).max(MAX_AMOUNT, refusal);
}
/** A count a client sets (places, periods, redemptions): PostgreSQL's `integer` refuses 2^31, SQLite does not. */
export const boundedCount = z.number().int().min(1).max(MAX_COUNT);

/** The catalogue's "not found" codes (status 404). */
export type NotFoundCode = { [Code in ErrorCode]: (typeof ERROR_STATUS)[Code] extends 404 ? Code : never }[ErrorCode];

/**
 * A `{uuid}` path parameter. Text that is not a UUID names nothing, so the API answers it exactly
 * like a well-formed id that does not exist: `notFound` (404), never a validation message or a
 * query. The message carries that code to the API's error handler (docs/decisions/0012).
 */
export const uuidParams = (notFound: NotFoundCode = "object_not_found") =>
  z.object({ uuid: z.uuid({ error: notFound }) });

/** Whether a validation message names a not-found code (a `uuidParams` failure). */
export const isNotFoundCode = (message: string): message is NotFoundCode =>
  Object.hasOwn(ERROR_STATUS, message) && ERROR_STATUS[message as ErrorCode] === 404;

/**
 * `Idempotency-Key` of the money routes (docs/product/money.md, docs/decisions/0006): one header rule for every
 * route that takes it, 1–255 characters of text. Its messages are the API's own (`errors.*`): no
 * form ever shows them.
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const IDEMPOTENCY_KEY_MESSAGE = "errors.api_idempotency_key_missing";
export const idempotencyKey = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .pipe(
    text()
      .trim()
      .min(1, { error: IDEMPOTENCY_KEY_MESSAGE })
      .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: IDEMPOTENCY_KEY_MESSAGE }),
  );
export const idempotencyKeyHeader = z.object({ "idempotency-key": idempotencyKey });
/** The same rule where the body can stand in for a missing key (an endpoint's `idempotencyKeyField`). */
export const optionalIdempotencyKeyHeader = z.object({ "idempotency-key": idempotencyKey.optional() });

/** The `data` of an answer with nothing to say: `{ "data": null }`. */
export const noData = z.null();

/** `{ "data": … }`: every success answer (docs/product/calls-and-errors.md). */
export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const errorBody = z.object({ error: z.string(), error_description: z.string() });
