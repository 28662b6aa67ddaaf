import type { ReceiptProduct } from "@estaciona/contracts/schemas/receipts";
import type { Executor } from "../../db/database.ts";

/**
 * What a product says about one of its payables on a receipt (docs/decisions/0111): its place,
 * plate, times, the product in words and the screen it belongs to. Each product module answers
 * for its own payable kind; the receipts module reads them through one map by payable type.
 */
export interface ReceiptSubject {
  locationId: string;
  plate: string | null;
  /** Which words of its kind it reads with (`parking.payable.<type>.<variant>`: a pass's period), or null for `product`. */
  variant: string | null;
  /** What tells it apart besides the kind and the place (an event's name, a valet ticket's number), or null. */
  detail: string | null;
  startsAt: string | null;
  endsAt: string | null;
  discount: number;
  tip: number;
  product: { kind: ReceiptProduct; uuid: string };
}

export interface ReceiptKind {
  subjectOf(db: Executor, payableId: string): Promise<ReceiptSubject | undefined>;
  /** The payables whose charges are the receipts of a product screen (a meter session's purchases, a pass's periods). */
  payablesOf(db: Executor, productUuid: string): Promise<string[]>;
  /**
   * Only for a kind that can settle with nothing to pay (a stay in its grace period): the payable of
   * the driver's with this uuid when it settled for nothing, with its currency — its zero receipt
   * (docs/decisions/0186).
   */
  freeSubjectOf?(
    db: Executor,
    userId: string,
    payableId: string,
  ): Promise<(ReceiptSubject & { settledAt: string; currency: string }) | undefined>;
  /** Only for a kind whose words vary (a pass by its plan's period): the variant, cheaper than the whole subject. */
  variantOf?(db: Executor, payableId: string): Promise<string | null>;
}

/** The receipt number of a payable that cost nothing (no charge to number it by): derived from its id, stable. */
export const freeReceiptNumber = (payableId: string): string =>
  `E-${payableId.replaceAll("-", "").slice(0, 10).toUpperCase()}`;

/** A charge's receipt number, one a person can read out on the phone: derived from its id, stable. */
export const chargeReceiptNumber = (paymentId: string): string =>
  `R-${paymentId.replaceAll("-", "").slice(0, 10).toUpperCase()}`;
