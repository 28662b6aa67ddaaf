import { WALLETS } from "@estaciona/contracts/wallets";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../../db/database.ts";
import type { Row } from "../../../db/schema.ts";
import { isoBefore, nowIso } from "../../../lib/time.ts";
import { brandOf, SANDBOX_TEST_CARDS } from "./cards.ts";
import { isSandboxId, SANDBOX_TOKEN_TTL_SECONDS, sandboxId } from "./ids.ts";

/**
 * The sandbox's wallet (docs/product/money.md "Wallets", docs/decisions/0285): its sheet — the SPA's
 * dialog standing in for Apple Pay's or Google Pay's — asks this endpoint for a single-use token of
 * one of the test cards, as a wallet hands its gateway a token; the charge then takes the token
 * once, as Collect.js's `payment_token` is taken by NMI's sale.
 */

const TOKEN_PREFIX = "wtok";
/** The wallet's cards whose token approves or declines (a wallet never asks for the CVC or 3-D Secure). */
const WALLET_CARDS = new Set(["4242424242424242", "5555555555554444", "4000000000000002"]);
const WALLET_EXPIRY = { exp_month: 12, exp_year: 2099 } as const;

interface WalletTokenBody {
  wallet?: unknown;
  number?: unknown;
}

export async function sandboxWalletPages(app: FastifyInstance): Promise<void> {
  app.post("/sandbox/v1/wallet-tokens", async (request, reply) => {
    const input = (request.body ?? {}) as WalletTokenBody;
    const wallet = WALLETS.find((candidate) => candidate === input.wallet);
    const digits = typeof input.number === "string" ? input.number : "";
    const brand = brandOf(digits);
    if (!wallet || !WALLET_CARDS.has(digits) || !brand)
      return reply.code(422).send({ error: { code: "invalid_request", param: wallet ? "number" : "wallet" } });
    const id = sandboxId(TOKEN_PREFIX);
    await app.db
      .insertInto("sandbox_tokens")
      .values({
        id,
        behaviour: SANDBOX_TEST_CARDS[digits] ?? "approve",
        brand,
        last4: digits.slice(-4),
        ...WALLET_EXPIRY,
        holder_name: null,
        created_at: nowIso(),
        used_at: null,
      })
      .execute();
    return reply.code(201).send({ id, object: "token", wallet, card: { brand, last4: digits.slice(-4) } });
  });
}

/**
 * A wallet charge's card: the token claimed (unknown, used or expired: none) and kept as the
 * wallet's card of a one-off payer, so the charge and its refunds read like a card's.
 */
export async function claimWalletCard(db: Db, token: string): Promise<Row<"sandbox_cards"> | undefined> {
  if (!isSandboxId(TOKEN_PREFIX, token)) return undefined;
  const now = nowIso();
  const claimed = await db
    .updateTable("sandbox_tokens")
    .set({ used_at: now })
    .where("id", "=", token)
    .where("used_at", "is", null)
    .where("created_at", ">", isoBefore(SANDBOX_TOKEN_TTL_SECONDS))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return undefined;
  const payer = sandboxId("cus");
  await db
    .insertInto("sandbox_customers")
    .values({ id: payer, name: "Wallet payer", email: "wallet@sandbox.invalid", created_at: now })
    .execute();
  const card: Row<"sandbox_cards"> = {
    id: sandboxId("src"),
    customer_id: payer,
    behaviour: claimed.behaviour,
    brand: claimed.brand,
    last4: claimed.last4,
    exp_month: claimed.exp_month,
    exp_year: claimed.exp_year,
    holder_name: null,
    created_at: now,
    deleted_at: null,
  };
  await db.insertInto("sandbox_cards").values(card).execute();
  return card;
}
