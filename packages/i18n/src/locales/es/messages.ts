import type { messages as source } from "../en/messages.ts";

export const messages: typeof source = {
  sign_in_code: "{{code}} es tu código de Estaciona. Vence en {{minutes}} minutos. No lo compartas.",
  email_code_subject: "{{code}} es tu código de verificación de {{brand}}",
  email_code_body:
    "Usa {{code}} para verificar este correo en {{brand}}. Vence en {{minutes}} minutos. Si no lo pediste, ignora este mensaje.",
};
