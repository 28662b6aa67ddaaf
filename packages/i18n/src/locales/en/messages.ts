/** Texts the server sends to drivers by SMS, WhatsApp or e-mail (never shown in the SPA). */
export const messages = {
  sign_in_code_one: "{{code}} is your Estaciona code. It expires in {{count}} minute. Do not share it.",
  sign_in_code_other: "{{code}} is your Estaciona code. It expires in {{count}} minutes. Do not share it.",
  email_code_subject: "{{code}} is your {{brand}} verification code",
  email_code_body_one:
    "Use {{code}} to verify this e-mail address in {{brand}}. It expires in {{count}} minute. If you did not ask for it, ignore this message.",
  email_code_body_other:
    "Use {{code}} to verify this e-mail address in {{brand}}. It expires in {{count}} minutes. If you did not ask for it, ignore this message.",
};
