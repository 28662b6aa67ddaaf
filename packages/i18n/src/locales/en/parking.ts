/**
 * Parking (DESIGN §7): the texts the server sends (receipts, declined-charge notices) and the
 * messages of device answers. Placeholders are filled by the server, amounts already formatted.
 */
export const parking = {
  receipt_subject: "Your parking receipt: {{location}}",
  receipt_body: [
    "Thank you for parking with us.",
    "",
    "Receipt {{number}}",
    "Location: {{location}}, {{address}}",
    "Plate: {{plate}}",
    "Entry: {{entered_at}}",
    "Paid: {{settled_at}} ({{duration}} min)",
    "Card: {{card}}",
    "",
    "Parking: {{subtotal}}",
    "Convenience fee: {{convenience_fee}}",
    "Card processing fee: {{processing_fee}}",
    "Tax: {{tax}}",
    "Total: {{total}}",
    "",
    "Leave before {{exit_deadline}}.",
    "Questions: {{operator}} {{contact}}",
  ].join("\n"),
  card_on_file: "{{brand}} ending in {{last4}}",
  no_card: "no charge",
  declined_sms:
    "Estaciona: we could not charge {{amount}} for your stay at {{location}} (plate {{plate}}). Pay it in the app before your next visit.",
  declined_subject: "We could not charge your parking at {{location}}",
  declined_body: [
    "We tried to charge {{amount}} to your card for your stay at {{location}} (plate {{plate}}) and the charge was declined.",
    "",
    "Open Estaciona and pay the visit with another card. Until it is paid, this vehicle cannot start another visit.",
  ].join("\n"),
  exit_requires_payment: "This visit is not paid yet. Pay it in the app to leave.",
  exit_window_expired: "The time to leave after paying has passed. Please see the attendant.",
  no_open_visit: "There is no visit for this plate at this location.",
  device_direction_not_allowed: "This device does not report this direction.",
};
