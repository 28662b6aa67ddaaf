import type { Locale } from "@estaciona/contracts";
import type { Dispute, VerifiedReceipt } from "@estaciona/contracts/schemas/verification";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { nowIso } from "../../lib/time.ts";
import { findProofByToken } from "../receipts/proof.ts";
import { receiptOfCharge } from "../receipts/service.ts";
import type { DisputeRow } from "./repository.ts";

/**
 * The public check of a receipt's proof (docs/decisions/0200): anyone holding the token (an
 * officer, a court clerk) reads whether it is genuine and what it covers — place, times on the
 * lot's clock, amount, operator — and never the driver's name, phone or card; the plate only as a
 * yes or no against one they type. A token that names no proof answers `object_not_found`, one
 * past its 13 months `invalid_code`.
 */

async function proofCharge(db: Executor, token: string) {
  const proof = await findProofByToken(db, token);
  if (!proof) throw new AppError("object_not_found");
  if (proof.expires_at <= nowIso()) throw new AppError("invalid_code");
  return proof;
}

export async function verifyReceipt(db: Executor, token: string, locale: Locale): Promise<VerifiedReceipt> {
  const proof = await proofCharge(db, token);
  const { receipt, charge } = await receiptOfCharge(db, proof.payment_id, locale);
  return {
    genuine: true,
    status: charge.status === "refunded" ? "refunded" : "paid",
    number: receipt.number,
    title: receipt.title,
    operator: receipt.operator.name,
    location: receipt.location,
    paid_at: receipt.issued_at,
    starts_at: receipt.starts_at,
    ends_at: receipt.ends_at,
    total: receipt.amounts.total,
    currency: receipt.amounts.currency,
    has_plate: receipt.plate !== null,
    expires_at: proof.expires_at,
  };
}

/** The same letters and digits, whatever the spaces, hyphens and case: "ABC-12-34" is "abc1234". */
export const normalisedPlate = (plate: string): string => plate.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

export async function checkReceiptPlate(db: Executor, token: string, plate: string): Promise<{ matches: boolean }> {
  const proof = await proofCharge(db, token);
  const { receipt } = await receiptOfCharge(db, proof.payment_id, "es");
  return { matches: receipt.plate !== null && normalisedPlate(receipt.plate) === normalisedPlate(plate) };
}

export function presentDispute(row: DisputeRow, receiptNumber: string): Dispute {
  return {
    uuid: row.id,
    payment_uuid: row.payment_id,
    receipt_number: receiptNumber,
    status: row.status,
    citation_number: row.citation_number,
    note: row.note,
    resolution: row.resolution,
    location: { uuid: row.location_id, name: row.location_name, time_zone: row.location_time_zone },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
