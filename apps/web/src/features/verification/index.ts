/** The verification feature's public entry (ARCHITECTURE.md, "The SPA"): a receipt's proof and its dispute, and the console's calls. */
import "./lib/catalogue.ts";

export { changeDispute, disputesList, disputesQuery, downloadOperatorKit } from "./api/verification.ts";
export { ReceiptProof } from "./components/receipt-proof.tsx";
