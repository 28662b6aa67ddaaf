import type { messages as source } from "../en/messages.ts";

export const messages: typeof source = {
  sign_in_code_one: "{{code}} es tu código de Estaciona. Vence en {{count}} minuto. No lo compartas.",
  sign_in_code_other: "{{code}} es tu código de Estaciona. Vence en {{count}} minutos. No lo compartas.",
  email_code_subject: "{{code}} es tu código de verificación de {{brand}}",
  email_code_body_one:
    "Usa {{code}} para verificar este correo en {{brand}}. Vence en {{count}} minuto. Si no lo pediste, ignora este mensaje.",
  email_code_body_other:
    "Usa {{code}} para verificar este correo en {{brand}}. Vence en {{count}} minutos. Si no lo pediste, ignora este mensaje.",
};
