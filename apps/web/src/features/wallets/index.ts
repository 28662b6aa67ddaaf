/** The wallets feature's public entry: Apple Pay and Google Pay on the pay panels (docs/product/wallets.md). */
import { lazy } from "react";

/** Lazy: the wallet buttons, their sheet and texts come with a pay panel, never in the first download. */
export const WalletPay = lazy(() => import("./components/wallet-pay.tsx"));
