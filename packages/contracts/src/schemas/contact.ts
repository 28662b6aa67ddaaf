import { z } from "zod";
import { text, uuid } from "./common.ts";

/** The contact form (docs/product/invoicing-account-contact.md): stored, e-mailed to the host's operator, acknowledged with a reference. */

export const CONTACT_TOPICS = ["visit", "payment", "invoice", "account", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

export const contactBody = z.object({
  topic: z.enum(CONTACT_TOPICS),
  message: text({ multiline: true })
    .trim()
    .min(1, { error: "validation.required" })
    .max(CONTACT_MESSAGE_MAX_LENGTH, { error: "validation.max_length" }),
  /** The stay the message is about, if any: one of the driver's own ("" from a form's empty choice is none). */
  visit_uuid: z
    .union([uuid, z.literal("")])
    .nullish()
    .transform((value) => value || null),
});
export type ContactBody = z.input<typeof contactBody>;

export const contactReceipt = z.object({
  /** What the driver quotes to the operator, e.g. `C-7KQ2M9XD`. */
  reference: z.string(),
  created_at: z.string(),
});
export type ContactReceipt = z.infer<typeof contactReceipt>;
