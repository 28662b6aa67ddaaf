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
  /** The words of the product's title besides the location (`parking.receipt.kind.*`: a plan's, an event's name). */
  titleParams: Record<string, string>;
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
}
