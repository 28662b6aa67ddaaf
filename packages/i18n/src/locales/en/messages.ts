/** Texts the server sends to drivers by SMS, WhatsApp or e-mail (never shown in the SPA). */
export const messages = {
  sign_in_code: "{{code}} is your Estaciona code. It expires in {{minutes}} minutes. Do not share it.",
};
