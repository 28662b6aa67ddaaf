/** Apple Pay and Google Pay on the pay panels, and the sandbox's wallet sheet (docs/product/wallets.md). */
export const wallets = {
  token_used: "That wallet payment was already used. Open the wallet again to pay.",
  pay_with: "Pay with {{wallet}}",
  or_card: "Or pay with your card below.",
  sheet_title: "{{wallet}} · test wallet",
  sheet_text: "The sandbox's wallet: no real card is charged. Pay {{amount}} with a card from this wallet.",
  cards_label: "Card in the wallet",
  card_approves: "{{card}} (approves)",
  card_declines: "{{card}} (is declined)",
  pay: "Pay {{amount}}",
  paying: "Paying…",
  cancel: "Cancel",
  cancelled: "You closed {{wallet}}: nothing was charged.",
  unavailable: "{{wallet}} did not answer. Nothing was charged: try again or pay with your card.",
};
