import { z } from "zod";
import { COUNTRIES } from "../constants.ts";
import { WALLETS } from "../wallets.ts";
import { requiredText, text, uuid, uuidParams } from "./common.ts";

/** Card calls (docs/product/calls-and-errors.md, docs/product/money.md). Card numbers never appear here: only provider tokens and masked details. */

/** `GET user/payment/methods` items. */
export const paymentMethod = z.object({
  uuid: z.string(),
  /** Masked, e.g. "•••• 4242". */
  card_number: z.string(),
  /** "MM/YY" */
  expiration: z.string(),
  is_default: z.boolean(),
  brand: z.string(),
  country: z.enum(COUNTRIES),
  free_flow: z.boolean(),
  holder_name: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodList = z.array(paymentMethod);

/**
 * `GET user/conekta/token`: the checkout request id the Mexican card component starts with; empty
 * when the gateway's component needs none (Conekta's Tokenizer today takes only the public key).
 */
export const checkoutRequestId = z.string();

/** Which card component the SPA renders (`GET user/payment/config`). */
export const cardFormConfig = z.object({
  country: z.enum(COUNTRIES),
  /** The gateway behind it: sandbox, conekta, nmi or netpay. */
  provider: z.enum(["sandbox", "conekta", "nmi", "netpay"]),
  /** The component's shape (postMessage / callback contract): conekta, nmi or netpay. */
  form: z.enum(["conekta", "nmi", "netpay"]),
  public_key: z.string().nullable(),
  script_url: z.string().nullable(),
  /** The sandbox's hosted form (same origin), for an iframe; null with a real provider. */
  frame_url: z.string().nullable(),
  /** The wallets the gateway takes (docs/decisions/0284): the SPA offers those the device has too. */
  wallets: z.array(z.enum(WALLETS)),
});
export type CardFormConfig = z.infer<typeof cardFormConfig>;

export const cardFormConfigQuery = z.object({
  country: z.enum(COUNTRIES).default("mx"),
  /** `netpay` selects Mexico's alternative gateway (/pagos-netpay). */
  gateway: z.enum(["default", "netpay"]).default("default"),
});
export type CardFormConfigQuery = z.output<typeof cardFormConfigQuery>;

const providerToken = requiredText(255);
const optionalFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])])
  .optional()
  .transform((value) => value === true || value === 1 || value === "1" || value === "true");

/** `POST user/payment/method` (Mexico, Conekta) and `POST user/netpay/payment/method`. */
export const mexicanCardBody = z.object({ token: providerToken, free_flow: optionalFlag });
export type MexicanCardBody = z.input<typeof mexicanCardBody>;

/** `POST user/nmi/payment/method` (USA). brand…expYear come from Collect.js and are advisory: the vault's answer wins. */
export const usCardBody = z.object({
  payment_token: providerToken,
  first_name: requiredText(80),
  last_name: requiredText(80),
  zip_code: text()
    .trim()
    .regex(/^\d{5}(-?\d{4})?$/),
  brand: text().max(40).optional(),
  lastFourDigits: text().max(4).optional(),
  type: text().max(40).optional(),
  expMonth: z.union([text().max(4), z.number()]).optional(),
  expYear: z.union([text().max(4), z.number()]).optional(),
});
export type UsCardBody = z.input<typeof usCardBody>;

/** The verification charge's state after saving a card (3-D Secure may be asked for). */
export const cardVerification = z.object({
  payment: z.string(),
  status: z.enum(["succeeded", "requires_action"]),
  redirect_url: z.string().nullable(),
});

export const savedCardAnswer = z.object({
  /** Null until the verification succeeded (after a 3-D Secure challenge). */
  payment_method: paymentMethod.nullable(),
  verification: cardVerification,
});
export type SavedCardAnswer = z.infer<typeof savedCardAnswer>;

export const completeThreeDsBody = z.object({ payment: uuid });

/** `user/payment/method/{uuid}`. */
export const paymentMethodParams = uuidParams();

export const paymentState = z.object({
  payment: z.string(),
  purpose: z.string(),
  status: z.enum(["pending", "succeeded", "failed", "requires_action", "refunded"]),
  redirect_url: z.string().nullable(),
  failure_code: z.string().nullable(),
});
export type PaymentState = z.infer<typeof paymentState>;
