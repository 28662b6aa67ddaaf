import { randomInt } from "node:crypto";
import type { ContactReceipt, contactBody } from "@estaciona/contracts/schemas/contact";
import { translate } from "@estaciona/i18n";
import type { z } from "zod";
import { type Db, type Executor, lockName } from "../../db/database.ts";
import { AppError, tooManyRequests } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isoBefore, nowIso } from "../../lib/time.ts";
import { findHostOrDefault } from "../hosts/repository.ts";
import type { HostRow } from "../hosts/service.ts";
import { enqueue } from "../jobs/queue.ts";
import type { JobRunner } from "../jobs/worker.ts";
import { messageKey, type OutboxDeps, sendOnce } from "../messaging/outbox.ts";
import { findVisitOfUser } from "../parking/visits/repository.ts";
import { findUserById } from "../users/repository.ts";
import {
  contactMessagesSince,
  findContactMessage,
  insertContactMessage,
  markContactMessageSent,
} from "./repository.ts";

/** The contact form (docs/product/invoicing-account-contact.md): stored first, then e-mailed to the host's operator by a job. */

export const JOB_FORWARD_CONTACT = "contact.forward";
const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;
/** Unambiguous characters (no 0/O, 1/I/L) for a reference read out on the phone. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const newReference = (): string =>
  `C-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;

export interface ContactLimits {
  maxPerUserPerDay: number;
  maxPerIpPerHour: number;
}

export interface ContactDeps extends OutboxDeps {
  db: Db;
}

export function registerContactJobs(deps: ContactDeps, jobs: JobRunner): void {
  jobs.register(JOB_FORWARD_CONTACT, (payload) => forwardContactMessage(deps, (payload as { id: string }).id));
}

/** Refuses a message over a cap, with how long to wait: the oldest message the cap counts must age out first. */
async function assertUnderCap(
  db: Executor,
  by: { column: "user_id" | "ip"; value: string },
  max: number,
  windowSeconds: number,
): Promise<void> {
  const sent = await contactMessagesSince(db, by, isoBefore(windowSeconds), max);
  const oldestCounted = sent[max - 1];
  if (oldestCounted) throw tooManyRequests(windowSeconds - (Date.now() - Date.parse(oldestCounted.created_at)) / 1000);
}

/**
 * Stores the message and enqueues its e-mail to the host's operator in one transaction, under
 * the per-driver and per-address caps (each counted and written under its own named lock, so
 * parallel sends cannot pass a cap).
 */
export async function sendContactMessage(
  db: Db,
  limits: ContactLimits,
  request: { userId: string; ip: string; host: HostRow },
  body: z.output<typeof contactBody>,
): Promise<ContactReceipt> {
  if (body.visit_uuid && !(await findVisitOfUser(db, request.userId, body.visit_uuid)))
    throw new AppError("object_not_found");
  const id = newId();
  const reference = newReference();
  const createdAt = nowIso();
  await db.transaction().execute(async (tx) => {
    await lockName(tx, `contact:user:${request.userId}`);
    await lockName(tx, `contact:ip:${request.ip}`);
    await assertUnderCap(tx, { column: "user_id", value: request.userId }, limits.maxPerUserPerDay, DAY_SECONDS);
    await assertUnderCap(tx, { column: "ip", value: request.ip }, limits.maxPerIpPerHour, HOUR_SECONDS);
    await insertContactMessage(tx, {
      id,
      reference,
      user_id: request.userId,
      organisation_id: request.host.organisation_id,
      hostname: request.host.hostname,
      topic: body.topic,
      message: body.message,
      visit_id: body.visit_uuid ?? null,
      sent_to: null,
      ip: request.ip,
      created_at: createdAt,
    });
    await enqueue(tx, JOB_FORWARD_CONTACT, { id }, { dedupeKey: `contact:${id}` });
  });
  return { reference, created_at: createdAt };
}

/** E-mails a stored message to the operator of the host it was written on (in Spanish, the operators' language). */
async function forwardContactMessage(deps: ContactDeps, id: string): Promise<void> {
  const message = await findContactMessage(deps.db, id);
  if (!message || message.sent_to) return;
  const host = await findHostOrDefault(deps.db, message.hostname);
  // The host's own support address first (docs/decisions/0165), else its organisation's.
  const to = host ? (host.support_email ?? host.contact_email) : null;
  if (!host || !to) {
    deps.log.warn(
      { reference: message.reference, hostname: message.hostname },
      "contact message: the operator has no e-mail",
    );
    return;
  }
  const user = await findUserById(deps.db, message.user_id);
  const topic = translate("es", `contact.topics.${message.topic}`) ?? message.topic;
  const params = {
    reference: message.reference,
    topic,
    brand: host.brand_name,
    hostname: message.hostname,
    name: [user?.first_name, user?.last_name].filter(Boolean).join(" ") || "—",
    phone: user?.phone ?? "—",
    email: user?.email ?? "—",
    visit: message.visit_id ?? "—",
    message: message.message,
  };
  await sendOnce(deps, messageKey("contact_forward", message.id), {
    channel: "email",
    to,
    subject: translate("es", "contact.operator_email_subject", params) ?? message.reference,
    text: translate("es", "contact.operator_email_body", params) ?? message.message,
  });
  await markContactMessageSent(deps.db, id, to);
}
