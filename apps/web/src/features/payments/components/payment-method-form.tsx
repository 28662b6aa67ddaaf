import type { Country } from "@estaciona/contracts";
import { CardFormLoader } from "./card-form-loader.tsx";

/**
 * The card form the sign-in wizard's step 5 mounts (docs/product/screens-and-routes.md): the Mexican form (Conekta) when
 * the payment locale is mx, the USA form (NMI Collect.js) when it is us. The step shows the
 * no-charge notice itself. The forms are lazy chunks: the wizard downloads them only at step 5.
 */
export interface PaymentMethodFormProps {
  paymentLocale: Country;
  /** Called once the card is saved; the caller reloads the profile and moves on. */
  onSaved: () => void;
}

export function PaymentMethodForm({ paymentLocale, onSaved }: PaymentMethodFormProps) {
  return <CardFormLoader gateway={paymentLocale} onSaved={onSaved} showNotice={false} />;
}
