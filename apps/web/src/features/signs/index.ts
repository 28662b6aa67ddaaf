/**
 * The signs feature's public entry (ARCHITECTURE.md, "The SPA"): signs that cannot be faked (issue 26
 * item 7, docs/decisions/0287, 0311) — the landing's check and the button that opens the app's own
 * QR scanner, itself a lazy chunk.
 */
export { ScanSignButton } from "./components/scan-sign-button.tsx";
export { SignBadge } from "./components/sign-badge.tsx";
