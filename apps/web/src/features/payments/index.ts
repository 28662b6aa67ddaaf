/** The payments feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { paymentMethodsQuery } from "./api/payments.ts";
export { NoChargeNotice } from "./components/no-charge-notice.tsx";
export { PaymentMethodForm } from "./components/payment-method-form.tsx";
export { needsPaymentProfile, PaymentProfileForm } from "./components/payment-profile-form.tsx";
export { rememberReturnPath, returnPath } from "./lib/redirect.ts";
