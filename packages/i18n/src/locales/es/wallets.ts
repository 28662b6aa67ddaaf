/** Apple Pay y Google Pay en los paneles de pago, y la hoja de la billetera del sandbox (docs/product/wallets.md). */
export const wallets = {
  token_used: "Ese pago con la billetera ya se usó. Abre la billetera de nuevo para pagar.",
  pay_with: "Pagar con {{wallet}}",
  or_card: "O paga con tu tarjeta aquí abajo.",
  sheet_title: "{{wallet}} · billetera de prueba",
  sheet_text:
    "La billetera del sandbox: no se cobra a ninguna tarjeta real. Paga {{amount}} con una tarjeta de esta billetera.",
  cards_label: "Tarjeta en la billetera",
  card_approves: "{{card}} (se aprueba)",
  card_declines: "{{card}} (se rechaza)",
  pay: "Pagar {{amount}}",
  paying: "Pagando…",
  cancel: "Cancelar",
  cancelled: "Cerraste {{wallet}}: no se cobró nada.",
  unavailable: "{{wallet}} no respondió. No se cobró nada: intenta de nuevo o paga con tu tarjeta.",
};
