/** Texts the server sends to drivers by SMS, WhatsApp or e-mail (never shown in the SPA). */
export const messages = {
  sign_in_code: "{{code}} is your Estaciona code. It expires in {{minutes}} minutes. Do not share it.",
  email_code_subject: "{{code}} is your {{brand}} verification code",
  email_code_body:
    "Use {{code}} to verify this e-mail address in {{brand}}. It expires in {{minutes}} minutes. If you did not ask for it, ignore this message.",
};
