/** The receipts feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { ReceiptActions } from "./components/receipt-actions.tsx";
export { ReceiptLinks } from "./components/receipt-links.tsx";
