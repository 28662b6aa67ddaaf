/**
 * Wallets (issue 27 item 1, docs/decisions/0284): Apple Pay and Google Pay hand the gateway a
 * single-use token for a card the wallet holds. Their names are the same in every language.
 */
export const WALLETS = ["apple_pay", "google_pay"] as const;
export type WalletKind = (typeof WALLETS)[number];

export const WALLET_NAMES = { apple_pay: "Apple Pay", google_pay: "Google Pay" } as const satisfies Record<
  WalletKind,
  string
>;

/**
 * What paid, as receipts, e-mails and the console write it: the card's words ("Visa •••• 4242"),
 * after the wallet's name when a wallet paid ("Google Pay · Visa •••• 4242").
 */
export const withWalletName = (wallet: WalletKind | null | undefined, cardWords: string): string =>
  wallet ? `${WALLET_NAMES[wallet]} · ${cardWords}` : cardWords;
