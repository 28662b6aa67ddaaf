import { afterAll, beforeAll } from "vitest";
import { PROVIDER_CAPS } from "../../src/config.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

/**
 * The app of a card calls test file, with the per-driver cap of a real gateway (the sandbox's
 * default is none, decision 0080). Called in a describe: it opens the app before the file's tests
 * (`opened()` from then on) and closes it after.
 */
export function cardCallsApp() {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({
      env: {
        CARD_ADD_MAX_PER_USER_PER_DAY: String(PROVIDER_CAPS.cardAddPerUserPerDay),
        CARD_ADD_MAX_PER_IP_PER_HOUR: "1000",
      },
    });
  });
  afterAll(async () => app?.close());
  const opened = () => app as TestApp;

  const paymentsOf = (userId: string) =>
    opened().db.selectFrom("payments").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();
  /** The ledger's count of verification charges with this outcome (`estaciona_charges_total`). */
  const verificationsCounted = async (outcome: "succeeded" | "failed") =>
    (await opened().metrics.charges.get()).values.find(
      ({ labels }) => labels.purpose === "card_verification" && labels.outcome === outcome,
    )?.value ?? 0;
  return { opened, paymentsOf, verificationsCounted };
}
