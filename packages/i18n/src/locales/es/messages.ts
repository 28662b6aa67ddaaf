import type { messages as source } from "../en/messages.ts";

export const messages: typeof source = {
  sign_in_code: "{{code}} es tu código de Estaciona. Vence en {{minutes}} minutos. No lo compartas.",
};
