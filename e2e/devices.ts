import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { PLATFORM_ORGANISATION } from "../apps/api/src/seed/data.ts";
import { expect, hostUrl, newNationalPhone, withServerDatabase } from "./fixtures.ts";
import { E2E_PORT } from "./playwright.config.ts";

/**
 * The device simulator (`npm run simulate-device`), run as an operator runs it from a terminal
 * against the journey's server. Answers its output.
 */
export function runSimulator(...args: string[]): string {
  const run = spawnSync(
    "node",
    ["--import", "tsx", "apps/api/src/cli/simulate-device.ts", "--url", `http://localhost:${E2E_PORT}`, ...args],
    { encoding: "utf8" },
  );
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

/** A simulator command's answer: its first line says what was done, the server's JSON follows. */
export const simulatorAnswer = <T>(...args: string[]): T => {
  const output = runSimulator(...args);
  return JSON.parse(output.slice(output.indexOf("\n") + 1)) as T;
};

/**
 * An operator of its own for one journey: the seeded demo operator's phone may be asked for a
 * code only once a minute, and other journeys sign it in too. The rows are written into the
 * server's database file, as the platform grants the role: an administrator who is a member of
 * the demo organisation (an admin of no organisation may do nothing, decision 0041).
 */
export function newOperatorPhone(): string {
  const phone = `+52${newNationalPhone()}`;
  withServerDatabase((database) => {
    const now = new Date().toISOString();
    const userId = randomUUID();
    database
      .prepare(
        "INSERT INTO users (id, phone, locale, role, status, payment_methods_mx, payment_methods_us, sign_in_failures, registered_domain, created_at, updated_at) VALUES (?, ?, 'es', 'admin', 'active', 0, 0, 0, 'estaciona', ?, ?)",
      )
      .run(userId, phone, now, now);
    database
      .prepare("INSERT INTO operator_memberships (user_id, organisation_id, platform, created_at) VALUES (?, ?, 0, ?)")
      .run(userId, PLATFORM_ORGANISATION.id, now);
  });
  return phone;
}

/** Registers a device at a location through the simulator's --setup; answers its key. */
export function registerDevice(kind: "gate" | "valet", locationId: string): string {
  const output = runSimulator("--setup", "--kind", kind, "--location", locationId, "--phone", newOperatorPhone());
  const key = /Device key \(shown only now\): (\S+)/.exec(output)?.[1];
  expect(key).toBeTruthy();
  return key ?? "";
}

/** The demo's valet stands: Pangea (Monterrey) and San José (the US host). */
export const VALET_PANGEA = "7d1e5a10-0000-4000-8000-000000000106";
export const VALET_SAN_JOSE = "7d1e5a10-0000-4000-8000-000000000203";

/**
 * A valet stand, driven with the device simulator, opens a ticket for the driver's car (`plate`,
 * number `<prefix><last 4 digits of the phone>`) and texts its link; the driver follows the link
 * from the SMS to the ticket. Answers the ticket.
 */
export async function valetTicketFromTheStand(
  page: Page,
  ticket: { host: "localhost" | "us.localhost"; stand: string; phone: string; plate: string; numberPrefix: string },
) {
  const key = registerDevice("valet", ticket.stand);
  const opened = simulatorAnswer<{ data: { uuid: string; number: string } }>(
    "--device-key",
    key,
    "valet-open",
    ticket.plate,
    "--number",
    `${ticket.numberPrefix}${ticket.phone.slice(-4)}`,
    "--phone",
    ticket.phone,
  );
  const outbox = await page.request.get(
    hostUrl("localhost", `/api/sandbox/outbox?recipient=${encodeURIComponent(ticket.phone)}`),
  );
  const sms = ((await outbox.json()).data as { body: string }[]).map((message) => message.body).join("\n");
  const link = /https?:\/\/\S+\/valet\/[\w-]+/.exec(sms)?.[0] ?? "";
  await page.goto(hostUrl(ticket.host, new URL(link).pathname));
  await expect(page).toHaveURL(hostUrl(ticket.host, `/visita/valet/${opened.data.uuid}`));
  return opened.data;
}
