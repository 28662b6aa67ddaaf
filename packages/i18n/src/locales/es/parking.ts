import type { parking as source } from "../en/parking.ts";

export const parking: typeof source = {
  receipt_subject: "Tu recibo de estacionamiento: {{location}}",
  receipt_body: [
    "Gracias por estacionarte con nosotros.",
    "",
    "Recibo {{number}}",
    "Ubicación: {{location}}, {{address}}",
    "Placas: {{plate}}",
    "Entrada: {{entered_at}}",
    "Pago: {{settled_at}} ({{duration}} min)",
    "Tarjeta: {{card}}",
    "",
    "Estacionamiento: {{subtotal}}",
    "Cargo por conveniencia: {{convenience_fee}}",
    "Comisión por pago con tarjeta: {{processing_fee}}",
    "IVA: {{tax}}",
    "Total: {{total}}",
    "",
    "Sal antes de las {{exit_deadline}}.",
    "Dudas: {{operator}} {{contact}}",
  ].join("\n"),
  card_on_file: "{{brand}} terminación {{last4}}",
  no_card: "sin cargo",
  declined_sms:
    "Estaciona: no pudimos cobrar {{amount}} de tu estancia en {{location}} (placas {{plate}}). Págala en la app antes de tu próxima visita.",
  declined_subject: "No pudimos cobrar tu estacionamiento en {{location}}",
  declined_body: [
    "Intentamos cobrar {{amount}} a tu tarjeta por tu estancia en {{location}} (placas {{plate}}) y el cargo fue rechazado.",
    "",
    "Abre Estaciona y paga la visita con otra tarjeta. Mientras no esté pagada, este vehículo no puede iniciar otra visita.",
  ].join("\n"),
  exit_requires_payment: "Esta visita aún no está pagada. Págala en la app para salir.",
  exit_window_expired: "Ya pasó el tiempo para salir después de pagar. Acude con el personal.",
  no_open_visit: "No hay una visita para estas placas en esta ubicación.",
  device_direction_not_allowed: "Este dispositivo no reporta esta dirección.",
};
