import { z } from "zod";

/**
 * Messages a provider's hosted card frame posts to this page (the sandbox's form speaks the
 * shape of the provider it stands in for: Conekta's component, NMI Collect.js or NetPay). Any
 * page can post to us, so a message counts only when it comes from the frame we embedded, from
 * that frame's origin, and has one of these shapes.
 */
const readyMessage = z.object({ type: z.literal("sandbox:ready") });
const conektaToken = z.object({ type: z.literal("conekta:token"), token: z.string().min(1).max(255) });
const conektaError = z.object({
  type: z.literal("conekta:error"),
  error: z.object({
    details: z.array(z.object({ message: z.string().optional(), code: z.string().optional() })).optional(),
  }),
});
const collectCard = z.object({
  number: z.string().max(32),
  exp: z.string().max(8),
  type: z.string().max(40),
  bin: z.string().max(8).optional(),
  category: z.string().max(40).optional(),
});
const collectToken = z.object({
  type: z.literal("collectjs:token"),
  token: z.string().min(1).max(255),
  card: collectCard,
});
const collectValidation = z.object({
  type: z.literal("collectjs:validation"),
  field: z.string().nullable().optional(),
  status: z.boolean(),
  message: z.string().optional(),
});
const netpayToken = z.object({ type: z.literal("netpay:token"), token: z.string().min(1).max(255) });
const netpayError = z.object({
  type: z.literal("netpay:error"),
  code: z.string().optional(),
  message: z.string().optional(),
});

const frameMessage = z.discriminatedUnion("type", [
  readyMessage,
  conektaToken,
  conektaError,
  collectToken,
  collectValidation,
  netpayToken,
  netpayError,
]);
export type FrameMessage = z.infer<typeof frameMessage>;
export type CollectCard = z.infer<typeof collectCard>;

/** The origin a frame URL loads from; a relative URL (the sandbox) is this page's origin. */
export function frameOrigin(frameUrl: string, base: string = window.location.href): string {
  return new URL(frameUrl, base).origin;
}

/** The message when it really comes from `frame` at `origin` and has a known shape; otherwise null. */
export function readFrameMessage(
  event: MessageEvent<unknown>,
  expected: { origin: string; frame: HTMLIFrameElement | null },
): FrameMessage | null {
  if (event.origin !== expected.origin) return null;
  if (!expected.frame || event.source !== expected.frame.contentWindow) return null;
  const parsed = frameMessage.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** Tells the sandbox frame to submit its form (the page owns the button, as with Collect.js). */
export function askFrameToSubmit(frame: HTMLIFrameElement | null, origin: string): void {
  frame?.contentWindow?.postMessage({ type: "sandbox:submit" }, origin);
}

/**
 * The advisory card details `POST user/nmi/payment/method` takes, from Collect.js's masked card
 * (`{ number: "411111******1111", exp: "1030", type: "visa" }`).
 */
export function usCardDetails(card: CollectCard) {
  const exp = card.exp.replace(/\D/g, "");
  return {
    brand: card.type,
    lastFourDigits: card.number.replace(/\D/g, "").slice(-4),
    type: card.category ?? "unknown",
    expMonth: exp.slice(0, 2),
    expYear: exp.slice(2, 4),
  };
}
