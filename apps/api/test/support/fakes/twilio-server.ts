import { hang, sendJson, startFakeServer } from "./fake-http.ts";

/** The request fields of twilio-oai's `Messages.json` create that the adapter may send, with their patterns. */
const DOCUMENTED_FIELDS: Record<string, RegExp> = {
  To: /^(whatsapp:)?\+[1-9]\d{1,14}$/,
  From: /^(whatsapp:)?\+[1-9]\d{1,14}$/,
  MessagingServiceSid: /^MG[0-9a-fA-F]{32}$/,
  ContentSid: /^HX[0-9a-fA-F]{32}$/,
  ContentVariables: /^\{.*\}$/,
  Body: /^[\s\S]{1,1600}$/,
  // `format: uri`; "underscores are not allowed" in its hostname.
  StatusCallback: /^https?:\/\/[^/_\s]+\/\S*$/,
};

/** Why a request breaks the published contract, or null: unknown fields, bad patterns, no sender or no content. */
function contractProblem(form: URLSearchParams): string | null {
  for (const [name, value] of form) {
    const pattern = DOCUMENTED_FIELDS[name];
    if (!pattern) return `field ${name} is not a parameter of this resource`;
    if (!pattern.test(value)) return `${name} does not match ${pattern}`;
  }
  if (!form.get("To")) return "To is required";
  if (!form.get("From") && !form.get("MessagingServiceSid")) return "a From or a MessagingServiceSid is required";
  if (!form.get("Body") && !form.get("ContentSid")) return "a Body or a ContentSid is required";
  if (form.get("ContentVariables") && !form.get("ContentSid")) return "ContentVariables needs a ContentSid";
  return null;
}

export const ACCOUNT_SID = "AC00000000000000000000000000000001";
export const AUTH_TOKEN = "twilio-test-auth-token";

/**
 * A local stand-in for api.twilio.com that answers like the Messages resource: 201 with the
 * created Message, or Twilio's error JSON `{ code, message, more_info, status }` for a number it
 * cannot deliver to. A `To` ending in 0000 is undeliverable; one ending in 9999 never answers; a
 * WhatsApp `To` ending in 1111 is refused with 63016 (free text outside the 24-hour window), and a
 * WhatsApp message without `ContentSid` is refused so too unless `freeForm` (Twilio's sandbox).
 * Every request must use only the fields twilio-oai's `spec/json/twilio_api_v2010.json` (commit
 * d50069b4) declares for `POST /Messages.json`, with its SID patterns; anything else answers 400.
 */
export async function startFakeTwilio(options: { freeForm?: boolean } = { freeForm: true }) {
  let sent = 0;
  const server = await startFakeServer((request, response) => {
    const form = new URLSearchParams(request.body);
    const to = form.get("To") ?? "";
    const offContract = contractProblem(form);
    if (offContract) return sendJson(response, 400, { code: 21610, message: offContract, status: 400 });
    if (to.endsWith("9999")) return hang(response);
    if (to.startsWith("whatsapp:") && (to.endsWith("1111") || (!form.get("ContentSid") && !options.freeForm)))
      return sendJson(response, 400, {
        code: 63016,
        message: "Failed to send freeform message because you are outside the allowed window.",
        more_info: "https://www.twilio.com/docs/errors/63016",
        status: 400,
      });
    if (to.endsWith("0000"))
      return sendJson(response, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        more_info: "https://www.twilio.com/docs/errors/21211",
        status: 400,
      });
    sent += 1;
    sendJson(response, 201, {
      sid: `SM${String(sent).padStart(32, "0")}`,
      account_sid: ACCOUNT_SID,
      to,
      from: form.get("From"),
      body: form.get("Body"),
      status: "queued",
      direction: "outbound-api",
      api_version: "2010-04-01",
      error_code: null,
      error_message: null,
    });
  });
  /** The last request, with its form fields. */
  const lastRequest = () => {
    const request = server.requests.at(-1);
    return request && { ...request, form: new URLSearchParams(request.body) };
  };
  return { ...server, lastRequest };
}
