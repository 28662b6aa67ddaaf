/** The payments feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { paymentMethodsQuery } from "./api/payments.ts";
export { NoChargeNotice } from "./components/no-charge-notice.tsx";
export { PaymentMethodForm } from "./components/payment-method-form.tsx";
export { needsPaymentProfile, PaymentProfileForm } from "./components/payment-profile-form.tsx";
export { configureCollectJs } from "./lib/collect-js.ts";
export type { CollectJsWalletResponse } from "./lib/provider-globals.ts";
export { rememberReturnPath, returnPath } from "./lib/redirect.ts";
