import type { sandbox as source } from "../en/sandbox.ts";

export const sandbox: typeof source = {
  card_form_title: "Datos de la tarjeta (modo de prueba)",
  test_mode_notice: "Modo de prueba: no se mueve dinero real. Usa una tarjeta de prueba, p. ej. 4242 4242 4242 4242.",
  card_number: "Número de tarjeta",
  expiry: "Vencimiento (MM/AA)",
  expiry_placeholder: "MM/AA",
  cvc: "Código de seguridad",
  holder_name: "Nombre en la tarjeta",
  submit: "Agregar Tarjeta",
  processing: "Verificando la tarjeta…",
  invalid_number: "El número de tarjeta no es válido.",
  brand_not_accepted: "Solo se aceptan Visa, Mastercard y American Express.",
  invalid_expiry: "La fecha de vencimiento no es válida.",
  invalid_cvc: "El código de seguridad no es válido.",
  invalid_name: "El nombre del titular contiene caracteres no permitidos.",
  network_error: "No pudimos contactar al servicio de tarjetas. Inténtalo de nuevo.",
  three_ds_title: "Confirma tu pago (banco de prueba)",
  three_ds_body: "Tu banco te pide confirmar un cargo de {{amount}} {{currency}}.",
  three_ds_approve: "Aprobar",
  three_ds_fail: "Fallar la autenticación",
  three_ds_done: "Este desafío ya fue respondido.",
};
