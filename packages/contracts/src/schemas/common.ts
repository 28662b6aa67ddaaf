import { z } from "zod";
import { CODE_DIGITS, LOCALES, PHONE_DIGITS, PLATE_MAX_LENGTH } from "../constants.ts";
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
} as const;

/** Trimmed, non-empty text ("Value is required"). */
export const requiredText = (max = 255) =>
  z
    .string({ error: MESSAGE.required })
    .trim()
    .min(1, { error: MESSAGE.required })
    .max(max, { error: MESSAGE.maxLength });

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGE.maxLength })
    .nullish()
    .transform((value) => value || null);

/** Phone in E.164 restricted to Mexico (+52) and the USA (+1) with 10 national digits (DESIGN §4). */
export const e164Phone = z
  .string({ error: MESSAGE.required })
  .trim()
  .regex(new RegExp(`^\\+(52|1)\\d{${PHONE_DIGITS}}$`), { error: MESSAGE.phone });

/** The 10 national digits typed in the wizard, after stripping anything that is not a digit. */
export const nationalPhone = z
  .string({ error: MESSAGE.required })
  .transform((value) => value.replace(/\D/g, ""))
  .refine((digits) => digits.length === PHONE_DIGITS, { error: MESSAGE.phone });

export const verificationCode = z
  .string({ error: MESSAGE.code })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), { error: MESSAGE.code });

export const email = z
  .string({ error: MESSAGE.required })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MESSAGE.email }).max(254));

export const plate = z
  .string({ error: MESSAGE.required })
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
export const stateName = z
  .string({ error: MESSAGE.required })
  .trim()
  .min(1, { error: MESSAGE.required })
  .refine((value) => findState(value) !== undefined, { error: MESSAGE.state })
  .transform((value) => findState(value)?.name ?? value);

export const locale = z.enum(LOCALES);

/** Longest `Idempotency-Key` kept (Stripe's limit). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/**
 * The header of money calls (DESIGN §5). Optional here: a missing key is answered by the
 * idempotency check with its own message rather than a schema error.
 */
export const idempotencyHeader = z.object({
  "idempotency-key": z.string().max(IDEMPOTENCY_KEY_MAX_LENGTH).optional(),
});
export const uuid = z.uuid();

/** The `data` of an answer with nothing to say: `{ "data": null }`. */
export const noData = z.null();

/** `{ "data": … }`: every success answer (DESIGN §10). */
export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const errorBody = z.object({ error: z.string(), error_description: z.string() });
