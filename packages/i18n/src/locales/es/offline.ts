import type { offline as source } from "../en/offline.ts";

/** Lo que la app muestra sin conexión (docs/offline.md). */
export const offline: typeof source = {
  title: "Sin conexión",
  intro: "No tienes conexión. Esto es lo que tenías la última vez que la app se conectó.",
  as_of: "Actualizado a las {{time}}",
  money_needs_connection:
    "Pagar, agregar tiempo, comprar una pensión y dar propina necesitan conexión. Sin conexión no se paga nada ni se guarda nada para pagarse después.",
  retry: "Reintentar",
  sign_out: "Cerrar sesión",
  nothing_saved: "Aún no hay nada guardado en este dispositivo. Abre la app una vez con conexión.",
  meters_title: "Parquímetro",
  meter_line: "Zona {{zone}} · {{plate}}",
  meter_ends: "Pagado hasta las {{time}}",
  passes_title: "Tus pensiones",
  pass_line: "{{plan}} · {{location}} · {{plate}}",
  pass_valid: "Vigente hasta el {{date}}",
  events_title: "Estacionamiento para eventos",
  event_line: "{{event}} · {{location}}",
  event_when: "Empieza {{time}}",
  event_qr: "Pase QR de {{event}}, para mostrar en la entrada",
  valet_title: "Boleto de valet",
  valet_line: "Boleto {{number}} · {{location}}",
  receipts_title: "Recibos recientes",
  receipt_line: "{{number}} · {{title}} · {{total}}",
};
