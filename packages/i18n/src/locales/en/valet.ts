/**
 * Valet (docs/product/parking.md): the server's refusals and messages, and the web app's ticket, tip and car
 * request screens. Amounts arrive formatted.
 */
export const valet = {
  // Server: refusals and the texts it sends.
  not_a_stand: "This device is not a valet stand.",
  number_in_use: "This ticket number is already in use here.",
  claimed_by_another: "This ticket belongs to another account.",
  pay_first: "Pay the ticket before asking for your car.",
  already_delivered: "This car was already handed over.",
  not_requested: "The driver has not asked for this car yet.",
  claim_sms: "Estaciona valet at {{location}}: your ticket {{number}}. Pay and ask for your car here: {{url}}",
  ready_sms: "Estaciona valet: your car (ticket {{number}}) is ready at {{location}}.",
  // Web app.
  title: "Valet",
  claiming: "Opening your ticket…",
  ticket: "Ticket {{number}}",
  location: "Location",
  vehicle: "Vehicle",
  since: "Parked since",
  fee_title: "Fee so far",
  fee_note: "The fee keeps running until you pay. Updated every 30 seconds.",
  tip_label: "Tip ({{currency}})",
  tip_hint: "Optional. All of it goes to the attendants; no fees or tax on it.",
  tip_none: "No tip",
  tip_percent: "{{percent}} %",
  tip_line: "Tip",
  pay: "Pay {{amount}}",
  paying: "Paying…",
  declined_title: "The payment did not go through",
  retry: "Try again",
  paid_title: "Paid",
  amounts_title: "Amount paid",
  request: "Request my car",
  requesting: "Asking…",
  car: {
    parked: "Your car is parked.",
    requested: "Your car was requested. We will tell you when it is ready.",
    ready: "Your car is ready at the stand.",
    delivered: "Your car was handed over. Thank you!",
  },
  car_status: {
    parked: "Parked",
    requested: "Requested",
    ready: "Ready",
    delivered: "Delivered",
  },
  list: {
    title: "Valet",
    open: "Valet ticket {{number}} at {{location}}",
  },
};
