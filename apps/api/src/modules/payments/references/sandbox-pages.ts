import type { FastifyInstance } from "fastify";
import { isSandboxId } from "../sandbox/gateway.ts";
import { decimal, escapeHtml, page, pageLocale, text } from "../sandbox/pages.ts";
import { findSandboxReference, paySandboxReference, type SandboxPayment } from "./sandbox.ts";

/**
 * The sandbox's page of a cash or SPEI reference (docs/sandbox.md): what the store's till or the bank
 * would take, and a button that simulates the payment — the sandbox gateway then sends the same signed
 * webhook Conekta sends (`order.paid` as the sandbox's `charge.succeeded`). A JSON body may pay another
 * amount or pay late, as tests and the decision's cases need (docs/decisions/0281).
 */
const STATUS_OF: Record<SandboxPayment, number> = {
  paid: 200,
  unknown: 404,
  already_paid: 409,
  expired: 422,
  wrong_amount: 422,
};

export async function sandboxReferencePages(app: FastifyInstance): Promise<void> {
  app.get("/sandbox/reference/:id", async (request, reply) => {
    const locale = pageLocale(request);
    const { id } = request.params as { id: string };
    const row = isSandboxId("ord", id) ? await findSandboxReference(app.db, "id", id) : undefined;
    if (!row) return reply.code(404).type("text/plain").send(text(locale, "reference_unknown"));
    const title = text(locale, "reference_title");
    const details = text(locale, "reference_body", {
      rail: text(locale, `rail_${row.rail}`),
      number: row.number,
      amount: decimal(row.amount),
      currency: row.currency.toUpperCase(),
      expires: row.expires_at.slice(0, 16).replace("T", " "),
    });
    const action = row.paid_at
      ? `<p>${escapeHtml(text(locale, "reference_paid"))}</p>`
      : `<form method="post" action="/sandbox/reference/${escapeHtml(row.id)}/pay?lang=${locale}"><button type="submit">${escapeHtml(text(locale, "reference_pay"))}</button></form>`;
    const body = `<main class="challenge">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(details)}</p>
${action}
</main>`;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(page(locale, title, body));
  });

  app.post("/sandbox/reference/:id/pay", async (request, reply) => {
    const locale = pageLocale(request);
    const { id } = request.params as { id: string };
    const options = (typeof request.body === "object" && request.body ? request.body : {}) as {
      amount?: unknown;
      late?: unknown;
    };
    const outcome = isSandboxId("ord", id)
      ? await paySandboxReference(app.db, id, {
          amount: typeof options.amount === "number" ? options.amount : undefined,
          late: options.late === true,
        })
      : "unknown";
    const title = text(locale, "reference_title");
    const said = text(locale, outcome === "paid" ? "reference_paid" : `reference_${outcome}`);
    const body = `<main class="challenge">
<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(said)}</p>
</main>`;
    return reply
      .code(STATUS_OF[outcome])
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(page(locale, title, body));
  });
}
