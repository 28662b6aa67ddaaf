/**
 * A saved card's funding as each gateway documents it (docs/decisions/0294): an invoice's
 * c_FormaPago follows it (04 credit, 28 debit). Conekta's payment source says it in `card_type`
 * (payment_method_card_response); NMI and NetPay document none: their cards stay unknown.
 */

/**
 * Credit or debit from a Conekta card's `card_type` (docs/decisions/0294): a prepaid card is paid
 * from funds already there, a debit card for the SAT's c_FormaPago (28); anything else is not known.
 */
export function conektaFunding(cardType: string | undefined): "credit" | "debit" | null {
  const type = cardType?.trim().toLowerCase();
  if (type === "credit") return "credit";
  if (type === "debit" || type === "prepaid") return "debit";
  return null;
}
