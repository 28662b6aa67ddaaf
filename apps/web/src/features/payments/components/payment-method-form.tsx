/**
 * Mount point for the card forms (spec §2 step 5, /pagos): the Mexican form (Conekta) when the
 * payment locale is mx, the USA form (NMI Collect.js) when it is us. The card-forms work fills
 * this component; until then it renders nothing and the wizard offers "add later".
 */
export interface PaymentMethodFormProps {
  paymentLocale: "mx" | "us";
  /** Called once the card is saved; the caller reloads the profile and moves on. */
  onSaved: () => void;
}

/** False until a card form is mounted here; lets the wizard know whether a card can be added now. */
export const cardFormAvailable = false;

export function PaymentMethodForm(_props: PaymentMethodFormProps) {
  return null;
}
