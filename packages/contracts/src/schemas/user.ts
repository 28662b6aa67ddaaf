import { z } from "zod";
import { COUNTRIES } from "../constants.ts";
import { PAYABLE_TYPES } from "../payables.ts";
import { PAYMENT_RAILS } from "../payment-rails.ts";
import { WALLETS } from "../wallets.ts";
import { email, locale, MESSAGE, optionalText, plate, requiredText, stateName, text, uuidParams } from "./common.ts";

export const vehicle = z.object({
  uuid: z.string(),
  plate: z.string(),
  state: z.string(),
  country: z.enum(COUNTRIES),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  color: z.string().nullable(),
  /**
   * In `GET user/vehicles`: why it cannot be deleted now (an open visit; a pass that still renews),
   * so the app offers no "delete" and says what to do; null when it can be.
   */
  delete_refused: z.enum(["vehicle_with_active_visit", "active_subscription"]).nullable().optional(),
});
export type Vehicle = z.infer<typeof vehicle>;
export const vehicleList = z.array(vehicle);

const vehicleYear = z.coerce
  .number()
  .int()
  .min(1900, { error: "validation.min_value" })
  .max(new Date().getUTCFullYear() + 2)
  .nullish()
  .transform((value) => value ?? null);

export const createVehicleBody = z.object({
  plate,
  state: stateName,
  brand: optionalText(60),
  model: optionalText(60),
  year: vehicleYear,
  color: optionalText(40),
});
export type CreateVehicleBody = z.input<typeof createVehicleBody>;

export const updateVehicleBody = createVehicleBody.partial();

/** `user/vehicle/{uuid}`: an id that is not one of the driver's vehicles is `vehicle_not_found`, whatever its shape. */
export const vehicleParams = uuidParams("vehicle_not_found");

export const user = z.object({
  uuid: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  phone: z.string(),
  student_id: z.string().nullable(),
  locale: locale,
  role: z.enum(["driver", "admin"]),
  vehicles: z.array(vehicle),
  payment_methods_mx: z.boolean(),
  payment_methods_us: z.boolean(),
  /** ISO date (YYYY-MM-DD) of the day the driver's freeflow account was activated, or null. */
  free_flow_activation: z.string().nullable(),
});
export type User = z.infer<typeof user>;

/**
 * A student id as a university prints it on its card (docs/decisions/0250): letters and digits,
 * groups joined by single hyphens ("A01234567", "2024-0153"), upper-cased. Written without the
 * `u` flag so the pattern reaches the OpenAPI document as plain ECMA-262.
 */
export const STUDENT_ID_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
export const STUDENT_ID_MIN_LENGTH = 4;
export const STUDENT_ID_MAX_LENGTH = 20;

/**
 * The one student-id rule, read by the wizard's step 3, the account screen, the pass checkout and
 * `PUT user/edit`. Its message is an `errors.*` key so the API answers it as the description of
 * `invalid_data` and the forms show the same sentence inline while the driver types.
 */
export const studentId = text()
  .trim()
  .toUpperCase()
  .min(1, { error: MESSAGE.required })
  .min(STUDENT_ID_MIN_LENGTH, { error: MESSAGE.studentId })
  .max(STUDENT_ID_MAX_LENGTH, { error: MESSAGE.studentId })
  .regex(STUDENT_ID_PATTERN, { error: MESSAGE.studentId });

/** `PUT user/edit` takes either shape of docs/product/calls-and-errors.md. */
export const editUserBody = z.union([
  z.object({ first_name: requiredText(80), last_name: requiredText(80), email }),
  z.object({ first_name: requiredText(80), last_name: requiredText(80), student_id: studentId }),
]);
export type EditUserBody = z.input<typeof editUserBody>;

export const localeBody = z.object({ locale });

/** `GET user/export`: the driver's own data (docs/product/invoicing-account-contact.md), as a downloadable JSON document. */
export const userExport = z.object({
  exported_at: z.string(),
  profile: user.omit({ vehicles: true, email_verified: true }).extend({
    email_verified_at: z.string().nullable(),
    status: z.enum(["active", "suspended"]),
    registered_domain: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  vehicles: z.array(
    vehicle.extend({ created_at: z.string(), updated_at: z.string(), deleted_at: z.string().nullable() }),
  ),
  sessions: z.array(
    z.object({
      uuid: z.string(),
      client_id: z.string(),
      created_at: z.string(),
      expires_at: z.string(),
      revoked_at: z.string().nullable(),
      revoked_reason: z.string().nullable(),
    }),
  ),
  /** Saved cards and wallet payments' one-off methods: the masked details we keep, never a number or a token. */
  payment_methods: z.array(
    z.object({
      uuid: z.string(),
      gateway: z.string(),
      country: z.string(),
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number(),
      exp_year: z.number(),
      /** A wallet payment's one-off method: which wallet (docs/decisions/0284). */
      wallet: z.enum(WALLETS).nullable(),
      is_default: z.boolean(),
      created_at: z.string(),
      deleted_at: z.string().nullable(),
    }),
  ),
  visits: z.array(
    z.object({
      uuid: z.string(),
      location: z.string(),
      plate: z.string(),
      status: z.string(),
      entered_at: z.string().nullable(),
      exited_at: z.string().nullable(),
      paid_at: z.string().nullable(),
      total: z.number().nullable(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
  event_visits: z.array(
    z.object({
      uuid: z.string(),
      event: z.string(),
      location: z.string(),
      status: z.string(),
      total: z.number(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
  valet_tickets: z.array(
    z.object({
      uuid: z.string(),
      location: z.string(),
      number: z.string(),
      plate: z.string().nullable(),
      status: z.string(),
      total: z.number().nullable(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Parking passes, live and ended. */
  passes: z.array(
    z.object({
      uuid: z.string(),
      plan_uuid: z.string(),
      location_uuid: z.string(),
      vehicle_uuid: z.string(),
      status: z.string(),
      created_at: z.string(),
      canceled_at: z.string().nullable(),
      ended_at: z.string().nullable(),
    }),
  ),
  /** Prepaid balances (docs/decisions/0210): what each holds and every movement, tied to its ledger line. */
  balances: z.array(
    z.object({
      uuid: z.string(),
      organisation: z.string(),
      currency: z.string(),
      amount: z.number(),
      movements: z.array(
        z.object({ kind: z.string(), amount: z.number(), payment_uuid: z.string(), created_at: z.string() }),
      ),
    }),
  ),
  /** The ledger: charges, refunds and card verifications, with their breakdown. */
  payments: z.array(
    z.object({
      uuid: z.string(),
      purpose: z.string(),
      kind: z.string(),
      status: z.string(),
      currency: z.string(),
      subtotal: z.number(),
      convenience_fee: z.number(),
      processing_fee: z.number(),
      tax: z.number(),
      amount: z.number(),
      description: z.string(),
      created_at: z.string(),
      /** The payment in words, as the invoiceable payments and receipts name it ("Pensión mensual · Fundidora · 27 nov"). */
      line: z.string(),
      /** What the money came by (a refund: its charge's), and the card behind a card or wallet rail (docs/decisions/0323). */
      rail: z.enum(PAYMENT_RAILS),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    }),
  ),
  tax_profiles: z.array(
    z.object({
      uuid: z.string(),
      rfc: z.string(),
      legal_name: z.string(),
      tax_regime: z.string(),
      cfdi_use: z.string(),
      postal_code: z.string(),
      email: z.string(),
      created_at: z.string(),
      deleted_at: z.string().nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      uuid: z.string(),
      status: z.string(),
      series: z.string(),
      folio: z.number(),
      issuer_rfc: z.string(),
      receiver_rfc: z.string(),
      receiver_name: z.string(),
      cfdi_use: z.string(),
      total: z.number(),
      currency: z.string(),
      created_at: z.string(),
      issued_at: z.string().nullable(),
    }),
  ),
  contact_messages: z.array(
    z.object({
      reference: z.string(),
      topic: z.string(),
      message: z.string(),
      visit_uuid: z.string().nullable(),
      hostname: z.string(),
      created_at: z.string(),
    }),
  ),
  /** "I got a ticket" on a receipt: the driver's own note and ticket number, and the operator's answer. */
  disputes: z.array(
    z.object({
      uuid: z.string(),
      payment_uuid: z.string(),
      location: z.string(),
      status: z.string(),
      citation_number: z.string().nullable(),
      note: z.string().nullable(),
      resolution: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** The lots and meter zones the driver starred (docs/decisions/0241). */
  favourites: z.array(z.object({ location_uuid: z.string(), location: z.string(), created_at: z.string() })),
  /** The devices that take the driver's Web Push reminders: the push service and since when (docs/decisions/0290). */
  push_devices: z.array(z.object({ push_service: z.string(), created_at: z.string() })),
  /** What we sent to the driver's phone and e-mail (codes, receipts, invoices). */
  messages: z.array(
    z.object({
      channel: z.string(),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type UserExport = z.infer<typeof userExport>;

/**
 * `GET user/deletion/blockers`: one running or paid-up thing of the driver's that keeps the
 * account (issue 21 item 5), with the code `DELETE user` answers while it lasts. `until` is when
 * it ends by itself (a pass's last paid day, a meter's paid time, the event's end), if it does.
 */
export const deletionBlocker = z.object({
  kind: z.enum(PAYABLE_TYPES),
  uuid: z.string(),
  /** Null for a card check in flight, which belongs to no location. */
  location_name: z.string().nullable(),
  until: z.string().nullable(),
  /** `action_not_available` (409): a balance that still holds money (docs/decisions/0212). */
  error: z.enum(["user_has_active_subscriptions", "user_has_active_visits", "action_not_available"]),
});
export type DeletionBlocker = z.infer<typeof deletionBlocker>;
export const deletionBlockerList = z.array(deletionBlocker);
