import type { Locale } from "@estaciona/contracts";
import { translate } from "@estaciona/i18n";
import { messageOrigin } from "../hosts/service.ts";
import type { JobRunner } from "../jobs/worker.ts";
import { messageKey, type OutboxDeps, sendOnce } from "../messaging/outbox.ts";
import { formatInstant } from "../parking/visits/messages.ts";
import { JOB_METER_EXPIRED, JOB_METER_REMINDER } from "./payable.ts";
import { claimNotice, findSession, findUserContact, findZone } from "./repository.ts";

/** What telling a driver about their meter session needs; a FastifyInstance satisfies it. */
export interface ReminderDeps extends OutboxDeps {
  config: { publicUrl: string; sms: { channel: "sms" | "whatsapp" } };
}

interface NoticePayload {
  sessionId: string;
  endsAt: string;
}

const text = (locale: Locale, key: string, params: Record<string, string | number>): string =>
  translate(locale, `meters.${key}`, params) ?? key;

/**
 * Sends one notice for one paid end of a session, at most once: the session must still end then
 * (an extension moved it: the new end has its own jobs) and the claim on the session's row lets
 * only one of two workers, or of two runs of the job, send it.
 */
async function sendNotice(deps: ReminderDeps, payload: NoticePayload, kind: "reminder" | "expired"): Promise<void> {
  const session = await findSession(deps.db, payload.sessionId);
  if (session?.status !== "active" || session.ends_at !== payload.endsAt) return;
  const claimed = await claimNotice(
    deps.db,
    session.id,
    kind === "reminder" ? "reminded_for" : "expiry_noticed_for",
    payload.endsAt,
  );
  if (!claimed) return;
  const [user, zone] = await Promise.all([
    findUserContact(deps.db, session.user_id),
    findZone(deps.db, session.location_id),
  ]);
  if (!user || !zone) return;
  // The spec's zone route (/parquimetros/{uuid}); before the end, `session` opens adding time to
  // this session; after it, the zone's page sells new time.
  const zonePage = `${await messageOrigin(deps, session.origin, zone)}/parquimetros/${zone.id}`;
  const link = kind === "reminder" ? `${zonePage}?session=${session.id}` : zonePage;
  const params = {
    zone: zone.zone_code,
    name: zone.name,
    plate: session.plate,
    ends_at: formatInstant(session.ends_at, user.locale, zone.time_zone),
    link,
  };
  const key = messageKey(`meter_${kind}`, session.id, payload.endsAt);
  const sends: Promise<unknown>[] = [
    sendOnce(deps, key, {
      to: user.phone,
      channel: deps.config.sms.channel,
      body: text(user.locale, `${kind}_sms`, params),
      // The WhatsApp template carries the SMS text's four values in its order (docs/configuration.md).
      template: {
        name: kind === "reminder" ? "meter_reminder" : "meter_expired",
        locale: user.locale,
        variables: [params.zone, params.plate, params.ends_at, params.link],
      },
    }),
  ];
  if (user.email)
    sends.push(
      sendOnce(deps, key, {
        channel: "email",
        to: user.email,
        subject: text(user.locale, `${kind}_subject`, params),
        text: text(user.locale, `${kind}_body`, params),
      }),
    );
  for (const result of await Promise.allSettled(sends))
    if (result.status === "rejected")
      deps.log.error({ err: result.reason, sessionId: session.id }, `meter ${kind} not sent`);
}

/** The meter jobs, registered once with the app's job runner. */
export function registerMeterJobs(deps: ReminderDeps, jobs: JobRunner): void {
  jobs.register(JOB_METER_REMINDER, (payload) => sendNotice(deps, payload as NoticePayload, "reminder"));
  jobs.register(JOB_METER_EXPIRED, (payload) => sendNotice(deps, payload as NoticePayload, "expired"));
}
