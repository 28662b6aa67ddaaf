import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locale } from "@estaciona/contracts";
import { text as textRule } from "@estaciona/contracts/schemas/common";
import { translate } from "@estaciona/i18n";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestLocale } from "../../../lib/locale.ts";
import { nowIso } from "../../../lib/time.ts";
import { brandOf, isExpired, luhnValid, SANDBOX_TEST_CARDS } from "./cards.ts";
import { isSandboxId, type SandboxShape, sandboxId } from "./gateway.ts";
import { sandboxWalletPages } from "./wallet.ts";
import { emitSandboxEvent } from "./webhooks.ts";

/**
 * The sandbox provider's hosted pages, served from the API's own origin outside /api
 * (docs/product/money.md): the card form the SPA embeds in an iframe (so card numbers never touch the
 * SPA's DOM), its tokenise call, and the 3-D Secure challenge page. Plain HTML, CSS and a
 * separate script file, so the strict CSP (`script-src 'self'`) holds.
 */
const assets = path.join(import.meta.dirname, "assets");
const cardFormScript = readFileSync(path.join(assets, "card-form.js"), "utf8");
const pageStyles = readFileSync(path.join(assets, "sandbox.css"), "utf8");

const SHAPES: readonly SandboxShape[] = ["conekta", "nmi", "netpay"];

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

export function pageLocale(request: FastifyRequest): Locale {
  const lang = (request.query as { lang?: unknown }).lang;
  return lang === "en" || lang === "es" ? lang : requestLocale(request.headers["accept-language"]);
}

export const text = (locale: Locale, key: string, params: Record<string, string | number> = {}): string =>
  translate(locale, `sandbox.${key}`, params) ?? key;

export const page = (locale: Locale, title: string, body: string): string => `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/sandbox/assets/sandbox.css">
</head>
<body>
${body}
</body>
</html>`;

/** Minor units as a decimal string without floating point. */
export const decimal = (amount: number): string =>
  `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;

interface TokenBody {
  number?: unknown;
  exp_month?: unknown;
  exp_year?: unknown;
  cvc?: unknown;
  name?: unknown;
  lang?: unknown;
}

export async function sandboxPages(app: FastifyInstance): Promise<void> {
  await sandboxWalletPages(app);
  app.get("/sandbox/assets/card-form.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(cardFormScript),
  );
  app.get("/sandbox/assets/sandbox.css", async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "no-cache").send(pageStyles),
  );

  app.get("/sandbox/card-form", async (request, reply) => {
    const locale = pageLocale(request);
    const requested = (request.query as { provider?: unknown }).provider;
    const shape = SHAPES.find((candidate) => candidate === requested) ?? "conekta";
    const strings = Object.fromEntries(
      [
        "invalid_number",
        "brand_not_accepted",
        "invalid_expiry",
        "invalid_cvc",
        "network_error",
        "processing",
        "submit",
      ].map((key) => [key, text(locale, key)]),
    );
    // Data for the script as a non-executable JSON block (allowed by the CSP); `<` escaped so it cannot close the tag.
    const config = JSON.stringify({ provider: shape, lang: locale, strings }).replace(/</g, "\\u003c");
    // Collect.js hosts only the card fields: the merchant's page asks for the holder's name and
    // has the button. Conekta's and NetPay's components have both.
    const collectJs = shape === "nmi";
    const holderNameField = collectJs
      ? ""
      : `<label for="name">${escapeHtml(text(locale, "holder_name"))}</label>
  <input id="name" name="name" autocomplete="cc-name" maxlength="80">`;
    const submitButton = collectJs
      ? ""
      : `<button id="submit" type="submit">${escapeHtml(text(locale, "submit"))}</button>`;
    const body = `<main class="card-form">
<h1>${escapeHtml(text(locale, "card_form_title"))}</h1>
<p class="notice">${escapeHtml(text(locale, "test_mode_notice"))}</p>
<form id="card-form" novalidate>
  <label for="number">${escapeHtml(text(locale, "card_number"))}</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
  <div class="row">
    <div>
      <label for="expiry">${escapeHtml(text(locale, "expiry"))}</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${escapeHtml(text(locale, "expiry_placeholder"))}" maxlength="7" required>
    </div>
    <div>
      <label for="cvc">${escapeHtml(text(locale, "cvc"))}</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required>
    </div>
  </div>
  ${holderNameField}
  <p id="error" class="error" role="alert" aria-live="assertive"></p>
  ${submitButton}
</form>
</main>
<script type="application/json" id="sandbox-config">${config}</script>
<script src="/sandbox/assets/card-form.js"></script>`;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(page(locale, text(locale, "card_form_title"), body));
  });

  // Tokenise: like a provider's token endpoint. Only the brand, the last four digits and the expiry are kept.
  app.post("/sandbox/v1/tokens", async (request, reply) => {
    const input = (request.body ?? {}) as TokenBody;
    const locale: Locale = input.lang === "en" || input.lang === "es" ? input.lang : pageLocale(request);
    const fail = (code: string, param: string) =>
      reply.code(422).send({ error: { code, param, message: text(locale, code) } });
    const digits = typeof input.number === "string" ? input.number.replace(/[\s-]/g, "") : "";
    if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return fail("invalid_number", "number");
    const brand = brandOf(digits);
    if (!brand) return fail("brand_not_accepted", "number");
    const month = Number(input.exp_month);
    let year = Number(input.exp_year);
    if (year >= 0 && year < 100) year += 2000;
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year > 2100 || year < 2000)
      return fail("invalid_expiry", "exp_month");
    const cvc = typeof input.cvc === "string" ? input.cvc : "";
    if (!new RegExp(`^\\d{${brand === "amex" ? 4 : 3}}$`).test(cvc)) return fail("invalid_cvc", "cvc");
    const behaviour = isExpired(month, year) ? "expired" : (SANDBOX_TEST_CARDS[digits] ?? "approve");
    if (input.name !== undefined && !textRule().safeParse(input.name).success) return fail("invalid_name", "name");
    const id = sandboxId("tok");
    const holder = typeof input.name === "string" && input.name.trim() ? input.name.trim().slice(0, 80) : null;
    await app.db
      .insertInto("sandbox_tokens")
      .values({
        id,
        behaviour,
        brand,
        last4: digits.slice(-4),
        exp_month: month,
        exp_year: year,
        holder_name: holder,
        created_at: nowIso(),
        used_at: null,
      })
      .execute();
    return {
      id,
      object: "token",
      card: { brand, last4: digits.slice(-4), bin: digits.slice(0, 6), exp_month: month, exp_year: year },
    };
  });

  app.get("/sandbox/3ds/:id", async (request, reply) => {
    const locale = pageLocale(request);
    const { id } = request.params as { id: string };
    if (!isSandboxId("ch", id)) return reply.code(404).type("text/plain").send("Not found");
    const charge = await app.db.selectFrom("sandbox_charges").selectAll().where("id", "=", id).executeTakeFirst();
    if (!charge) return reply.code(404).type("text/plain").send("Not found");
    const title = text(locale, "three_ds_title");
    const open = charge.status === "requires_action";
    const actions = open
      ? `<form method="post" action="/sandbox/3ds/${escapeHtml(charge.id)}/approve"><button type="submit">${escapeHtml(text(locale, "three_ds_approve"))}</button></form>
<form method="post" action="/sandbox/3ds/${escapeHtml(charge.id)}/fail"><button type="submit" class="secondary">${escapeHtml(text(locale, "three_ds_fail"))}</button></form>`
      : `<p>${escapeHtml(text(locale, "three_ds_done"))}</p>`;
    const body = `<main class="challenge">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text(locale, "three_ds_body", { amount: decimal(charge.amount), currency: charge.currency.toUpperCase() }))}</p>
${actions}
</main>`;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(page(locale, title, body));
  });

  app.post("/sandbox/3ds/:id/:decision", async (request, reply) => {
    const { id, decision } = request.params as { id: string; decision: string };
    if ((decision !== "approve" && decision !== "fail") || !isSandboxId("ch", id))
      return reply.code(404).type("text/plain").send("Not found");
    const charge = await app.db.selectFrom("sandbox_charges").selectAll().where("id", "=", id).executeTakeFirst();
    if (!charge) return reply.code(404).type("text/plain").send("Not found");
    const answered = await app.db
      .updateTable("sandbox_charges")
      .set(
        decision === "approve"
          ? { status: "succeeded", updated_at: nowIso() }
          : { status: "declined", decline_reason: "card_declined", updated_at: nowIso() },
      )
      .where("id", "=", id)
      .where("status", "=", "requires_action")
      .executeTakeFirst();
    // The provider tells the merchant too, by webhook, whether or not the driver comes back.
    if (answered.numUpdatedRows > 0n)
      await emitSandboxEvent(app.db, decision === "approve" ? "charge.succeeded" : "charge.declined", charge);
    const target = charge.return_url ?? `/3ds?payment=${encodeURIComponent(charge.reference)}`;
    const status = decision === "approve" ? "succeeded" : "failed";
    return reply.redirect(`${target}${target.includes("?") ? "&" : "?"}status=${status}`, 303);
  });
}
