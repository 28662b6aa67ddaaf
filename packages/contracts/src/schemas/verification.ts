import { z } from "zod";
import { amount, optionalText, plate, requiredText, uuidParams } from "./common.ts";
import { CURRENCIES } from "./parking.ts";

/**
 * Proof of payment anyone can check, and the dispute kit (issue 26 item 5, docs/decisions/0200):
 * a receipt's opaque token, what `/verificar/{token}` shows (never the driver's name, phone or
 * card; the plate only as a match against one the reader types) and the disputes a driver opens
 * from a receipt and the operator follows in the console.
 */

/** How long a receipt's proof can be checked: 13 months from the payment (a year of appeals and a month's grace). */
export const RECEIPT_PROOF_MONTHS = 13;
/** Checks of a token one address may make a minute. */
export const VERIFY_PER_IP_PER_MINUTE = 30;
/** Plate comparisons one address may make an hour: enough for an officer, too few to guess a plate. */
export const PLATE_CHECKS_PER_IP_PER_HOUR = 10;

/** A token of another shape is as unknown as a forged one: `object_not_found`. */
export const proofTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: "object_not_found" }),
});

/** The driver's own view of a receipt's proof: the token its QR carries and until when it checks. */
export const receiptProof = z.object({ token: z.string(), expires_at: z.string() });
export type ReceiptProof = z.infer<typeof receiptProof>;

/** What anyone holding the token sees: genuine, and what the payment covers. */
export const verifiedReceipt = z.object({
  genuine: z.literal(true),
  /** `refunded`: the payment was given back, so it no longer covers the time. */
  status: z.enum(["paid", "refunded"]),
  number: z.string(),
  title: z.string(),
  operator: z.string(),
  location: z.object({ name: z.string(), address: z.string(), time_zone: z.string() }),
  paid_at: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  total: amount,
  currency: z.enum(CURRENCIES),
  /** Whether the receipt names a plate a reader may compare against. */
  has_plate: z.boolean(),
  expires_at: z.string(),
});
export type VerifiedReceipt = z.infer<typeof verifiedReceipt>;

export const plateCheckBody = z.object({ plate });
export const plateCheck = z.object({ matches: z.boolean() });

export const DISPUTE_STATUSES = ["received", "in_review", "upheld", "rejected"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const openDisputeBody = z.object({
  /** The ticket's number as printed on it. */
  citation_number: optionalText(40),
  /** What happened, in the driver's words. */
  note: optionalText(1000),
});

export const dispute = z.object({
  uuid: z.string(),
  payment_uuid: z.string(),
  receipt_number: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  citation_number: z.string().nullable(),
  note: z.string().nullable(),
  /** The operator's answer, shown to the driver. */
  resolution: z.string().nullable(),
  location: z.object({ uuid: z.string(), name: z.string(), time_zone: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dispute = z.infer<typeof dispute>;
export const disputeOrNull = dispute.nullable();
export const disputeList = z.array(dispute);

export const disputeListQuery = z.object({ status: z.enum(DISPUTE_STATUSES).optional() });
export const disputeParams = uuidParams();
export const changeDisputeBody = z.object({
  status: z.enum(DISPUTE_STATUSES),
  resolution: optionalText(1000),
});

/** The dispute kit as a PDF (base64, as the receipt's PDF). */
export const disputeKit = z.object({ filename: z.string(), content_type: z.string(), base64: z.string() });
export type DisputeKit = z.infer<typeof disputeKit>;

/** Sign checks one address may make a minute: a scanner's every read, never a walk through ids. */
export const SIGN_CHECKS_PER_IP_PER_MINUTE = 60;
/** Longer text is no sign of ours: a QR's link is a few dozen characters. */
export const SIGN_TEXT_MAX = 2048;

/** Whatever a QR read (or a landing's own address): checked as one of our signs (docs/decisions/0287). */
export const signCheckBody = z.object({ text: requiredText(SIGN_TEXT_MAX) });

/**
 * `verified`: a place's link on one of our hosts with its organisation's signature; `forged`: one of
 * our place links whose signature is not its organisation's; `unsigned`: a link on one of our hosts
 * without a signature (the plain `/loc/{uuid}` of the spec still opens); `foreign`: anything else,
 * another domain above all. `operator` and `place` are named only when `verified`.
 */
export const signCheck = z.object({
  status: z.enum(["verified", "forged", "unsigned", "foreign"]),
  operator: z.string().nullable(),
  place: z.string().nullable(),
});
export type SignCheck = z.infer<typeof signCheck>;
