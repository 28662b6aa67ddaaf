/**
 * Paying later by reference (cash at OXXO, SPEI; docs/decisions/0280, 0321): the choice of how to pay
 * and the reference's screen, shared by the balance's top-up, a pass's checkout and an event's.
 */
export { awaitingReferencesQuery, paymentReferenceQuery } from "./api/references.ts";
export { HeldPlaceReference, WaitingReference } from "./components/held-place-reference.tsx";
export { PaymentChoice, type PaymentChoiceValue, useReferenceButtonLabel } from "./components/payment-choice.tsx";
export { ReferenceDetails } from "./components/reference-details.tsx";
export { useAwaitingReference } from "./components/use-awaiting-reference.ts";
