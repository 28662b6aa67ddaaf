import { sql } from "kysely";
import type { Executor } from "../../../db/database.ts";

const BATCH = 200;

/** A month as one number, `2026 * 100 + 11`; of an ISO text timestamp, its UTC month. */
const monthOfTimestamp = (column: string) =>
  sql<number>`cast(substr(${sql.ref(column)}, 1, 4) as integer) * 100 + cast(substr(${sql.ref(column)}, 6, 2) as integer)`;

/**
 * Renewing passes whose renewal charges a card (the country's default, verified, not removed: the
 * card `findCardToCharge` gives the renewal) that expires in the month the current period ends or
 * earlier (its UTC month: the lot's clock is behind UTC here, and the caller decides on it), and
 * whose card-expiry reminder was not claimed yet.
 */
export type ExpiringCardRow = Awaited<ReturnType<typeof listExpiringCardsOfRenewals>>[number];

export function listExpiringCardsOfRenewals(db: Executor) {
  return db
    .selectFrom("subscriptions")
    .innerJoin("subscription_periods as current", (join) =>
      join
        .onRef("current.subscription_id", "=", "subscriptions.id")
        .onRef("current.number", "=", "subscriptions.current_period"),
    )
    .innerJoin("locations", "locations.id", "subscriptions.location_id")
    .innerJoin("payment_methods as card", (join) =>
      join
        .onRef("card.user_id", "=", "subscriptions.user_id")
        .onRef("card.country", "=", "locations.country")
        .on("card.is_default", "=", 1)
        .on("card.verified_at", "is not", null)
        .on("card.deleted_at", "is", null),
    )
    .select([
      "subscriptions.id as subscription_id",
      "subscriptions.user_id",
      "current.ends_at as renews_at",
      "locations.id as location_id",
      "locations.name as location_name",
      "locations.organisation_id",
      "locations.country",
      "locations.time_zone",
      "card.id as card_id",
      "card.brand",
      "card.last4",
      "card.exp_month",
      "card.exp_year",
    ])
    .where("subscriptions.status", "in", ["active", "trial"])
    .where("subscriptions.cancel_at_period_end", "=", 0)
    .where(sql<number>`card.exp_year * 100 + card.exp_month`, "<=", monthOfTimestamp("current.ends_at"))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("reminder_claims")
            .select("reminder_key")
            .where(
              "reminder_key",
              "=",
              sql<string>`'card-expiry:' || card.id || ':' || card.exp_year || '-' || card.exp_month`,
            ),
        ),
      ),
    )
    .orderBy("card.id")
    .limit(BATCH)
    .execute();
}
