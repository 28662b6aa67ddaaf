import type { Locale } from "@estaciona/contracts";
import { meterLimits, nextOpening, windowAt } from "@estaciona/contracts/meters";
import { translate } from "@estaciona/i18n";
import { messageOrigin } from "../hosts/service.ts";
import type { JobRunner } from "../jobs/worker.ts";
import { messageKey } from "../messaging/outbox.ts";
import { formatInstant } from "../parking/visits/messages.ts";
import { findCardToCharge } from "../payments/service.ts";
import { deliverReminder, issueExtendLink, type ReminderContent, type ReminderDeps } from "../reminders/index.ts";
import { JOB_METER_EXPIRED, JOB_METER_REMINDER } from "./payable.ts";
import { claimNotice, findSession, findZone, type MeterSessionRow, type MeterZoneRow } from "./repository.ts";
import { rulesOf } from "./zones.ts";

/** What telling a driver about their meter session needs; a FastifyInstance satisfies it. */
export interface MeterNoticeDeps extends ReminderDeps {
  config: ReminderDeps["config"] & { publicUrl: string };
}

interface NoticePayload {
  sessionId: string;
  endsAt: string;
}

const text = (locale: Locale, key: string, params: Record<string, string | number>): string =>
  translate(locale, key, params) ?? key;

/** The public extend screen of a link (the SPA's `/extender/{token}`, docs/product/reminders.md). */
export const extendPath = (token: string): string => `/extender/${token}`;

type Kind = "extend" | "move" | "free" | "expired";

/**
 * What the reminder says, by the zone's rules at the session's end (docs/product/reminders.md):
 * an extend link when time can still be added and the driver has a card for the zone's country;
 * "the car must move" at the zone's maximum stay; "charging resumes at …" when the session ends
 * where charged hours do.
 */
async function reminderKind(
  deps: MeterNoticeDeps,
  session: MeterSessionRow,
  zone: MeterZoneRow,
): Promise<{ kind: Kind; token?: string; resumesAt?: number | null }> {
  const rules = rulesOf(zone);
  const end = Date.parse(session.ends_at);
  const limits = meterLimits(rules, Date.parse(session.started_at), end);
  if (!limits.open)
    return windowAt(rules, end) ? { kind: "move" } : { kind: "free", resumesAt: nextOpening(rules, end) };
  const card = await findCardToCharge(deps.db, session.user_id, zone.country, false);
  if (!card) return { kind: "extend" };
  const token = await issueExtendLink(deps.db, {
    userId: session.user_id,
    sessionId: session.id,
    paymentMethodId: card.id,
    allowedUntil: new Date(Date.parse(session.ends_at) + limits.maxMinutes * 60_000).toISOString(),
    expiresAt: session.ends_at,
  });
  return { kind: "extend", token };
}

/**
 * Sends one notice for one paid end of a session, at most once: the session must still end then
 * (an extension moved it: the new end has its own jobs) and the claim on the session's row lets
 * only one of two workers, or of two runs of the job, send it. It goes on the driver's channel
 * (the reminders module).
 */
async function sendNotice(deps: MeterNoticeDeps, payload: NoticePayload, notice: "reminder" | "expired") {
  const session = await findSession(deps.db, payload.sessionId);
  if (session?.status !== "active" || session.ends_at !== payload.endsAt) return;
  const claimed = await claimNotice(
    deps.db,
    session.id,
    notice === "reminder" ? "reminded_for" : "expiry_noticed_for",
    payload.endsAt,
  );
  if (!claimed) return;
  const zone = await findZone(deps.db, session.location_id);
  if (!zone) return;
  const origin = await messageOrigin(deps, session.origin, zone);
  const { kind, token, resumesAt } =
    notice === "reminder" ? await reminderKind(deps, session, zone) : { kind: "expired" as const };
  // The spec's zone route (/parquimetros/{uuid}): after the end, the zone's page sells new time.
  const zonePath = `/parquimetros/${zone.id}`;
  // The path the app opens: a push notice carries it encrypted to the device, never in its words.
  const path = token ? extendPath(token) : kind === "extend" ? `${zonePath}?session=${session.id}` : zonePath;
  const link = `${origin}${path}`;
  const content = (locale: Locale): ReminderContent => {
    const params = {
      zone: zone.zone_code,
      name: zone.name,
      plate: session.plate,
      ends_at: formatInstant(session.ends_at, locale, zone.time_zone),
      resumes_at: resumesAt ? formatInstant(new Date(resumesAt).toISOString(), locale, zone.time_zone) : "—",
      link,
    };
    const prefix = kind === "expired" ? "meters.expired" : `reminders.${kind}`;
    return {
      text: text(locale, `${prefix}_sms`, params),
      subject: text(locale, `${prefix}_subject`, params),
      body: text(locale, `${prefix}_body`, params),
      push: {
        title: text(locale, `${prefix}_subject`, params),
        body: text(locale, `${prefix}_push`, params),
        path,
        tag: `meter:${session.id}`,
      },
      // The WhatsApp templates carry the SMS text's four values in its order (docs/configuration.md).
      template: {
        name: kind === "expired" ? "meter_expired" : "meter_reminder",
        locale,
        variables: [params.zone, params.plate, params.ends_at, kind === "extend" ? link : `${origin}${zonePath}`],
      },
    };
  };
  try {
    await deliverReminder(deps, session.user_id, messageKey(`meter_${notice}`, session.id, payload.endsAt), content);
  } catch (error) {
    deps.log.error({ err: error, sessionId: session.id }, `meter ${notice} not sent`);
  }
}

/** The meter jobs, registered once with the app's job runner. */
export function registerMeterJobs(deps: MeterNoticeDeps, jobs: JobRunner): void {
  jobs.register(JOB_METER_REMINDER, (payload) => sendNotice(deps, payload as NoticePayload, "reminder"));
  jobs.register(JOB_METER_EXPIRED, (payload) => sendNotice(deps, payload as NoticePayload, "expired"));
}
