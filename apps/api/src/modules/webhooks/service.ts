import type { WebhookProvider } from "@estaciona/contracts/schemas/webhooks";
import type { FastifyBaseLogger } from "fastify";
import { type Db, inTransaction, isUniqueViolation } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { applyInvoiceHint } from "../invoicing/cancellation.ts";
import type { InvoiceProvider } from "../invoicing/provider.ts";
import { enqueue } from "../jobs/queue.ts";
import type { JobRunner } from "../jobs/worker.ts";
import { recordDeliveryStatus } from "../messaging/delivery.ts";
import { applyProviderHint, type LedgerDeps } from "../payments/ledger.ts";
import { readEvent } from "./events.ts";
import { findProviderEvent, insertProviderEvent, recordEventOutcome } from "./repository.ts";
import { verifyWebhook, type WebhookKeys } from "./signatures.ts";

/**
 * A gateway's webhook (docs/decisions/0155): verified on its raw bytes, stored once by the
 * provider's event id, answered at once; a job applies it through the ledger, as the sweep would.
 */
export const JOB_APPLY_WEBHOOK = "webhooks.apply";

const GATEWAY_OF = { conekta: "conekta", nmi: "nmi", netpay: "netpay", sandbox: "sandbox" } as const satisfies Record<
  Exclude<WebhookProvider, "facturapi" | "twilio">,
  string
>;

export async function receiveWebhook(
  deps: { db: Db; log: FastifyBaseLogger; keys: WebhookKeys },
  input: { provider: WebhookProvider; raw: Buffer; headers: Record<string, unknown>; body: unknown },
): Promise<{ received: true; duplicate: boolean }> {
  if (!verifyWebhook(input.provider, input.raw, input.headers, deps.keys))
    throw new AppError("authentication_error", { detail: `${input.provider} webhook: signature missing or wrong` });
  const event = readEvent(input.provider, input.body);
  if (!event) throw new AppError("invalid_data", { detail: `${input.provider} webhook without an event id or type` });
  const id = newId();
  const delivery = event.delivery;
  try {
    await inTransaction(deps.db, async (tx) => {
      await insertProviderEvent(tx, {
        id,
        provider: input.provider,
        event_id: event.eventId,
        type: event.type,
        payment_id: null,
        payload: input.raw.toString("utf8"),
        outcome: event.hint || delivery ? "pending" : "ignored",
        received_at: nowIso(),
        applied_at: null,
      });
      if (event.hint) await enqueue(tx, JOB_APPLY_WEBHOOK, { eventRowId: id }, { maxAttempts: 20 });
      // A delivery status needs nothing read back (it is signed, about our own message): applied with its storing.
      if (delivery) {
        const outcome = await recordDeliveryStatus(tx, {
          provider: "twilio",
          providerRef: delivery.messageSid,
          status: delivery.status,
          errorCode: delivery.errorCode,
        });
        if (outcome === "unmatched") deps.log.warn({ messageSid: delivery.messageSid }, "status of no message of ours");
        await recordEventOutcome(tx, id, { outcome, payment_id: null, applied_at: nowIso() });
      }
    });
  } catch (error) {
    // The same event again (a retry, a replay, two deliveries at once): acknowledged, nothing applied twice.
    if (isUniqueViolation(error)) return { received: true, duplicate: true };
    throw error;
  }
  return { received: true, duplicate: false };
}

/**
 * The job: the stored event's hint handed to the ledger, which reads the charge back from the
 * provider. A provider that cannot answer throws: the job retries with backoff. An event about no
 * charge of ours is kept and reported (it may be another integration's, or a sign of a lost charge).
 */
export function registerWebhookJobs(
  deps: LedgerDeps & { providers: { invoicing: InvoiceProvider } },
  jobs: JobRunner,
): void {
  jobs.register(JOB_APPLY_WEBHOOK, async (payload) => {
    const { eventRowId } = payload as { eventRowId: string };
    const row = await findProviderEvent(deps.db, eventRowId);
    if (row?.outcome !== "pending") return;
    const provider = row.provider as WebhookProvider;
    const event = readEvent(provider, JSON.parse(row.payload));
    if (!event?.hint) return;
    if (provider === "twilio") return;
    const result =
      provider === "facturapi"
        ? { outcome: await applyInvoiceHint(deps, event.hint.providerRef ?? ""), paymentId: null }
        : await applyProviderHint(deps, { gateway: GATEWAY_OF[provider], ...event.hint });
    if (result.outcome === "unmatched")
      deps.log.error(
        { provider, eventId: row.event_id, type: row.type, providerRef: event.hint.providerRef },
        "webhook about no charge of ours",
      );
    await recordEventOutcome(deps.db, row.id, {
      outcome: result.outcome,
      payment_id: result.paymentId,
      applied_at: nowIso(),
    });
  });
}
