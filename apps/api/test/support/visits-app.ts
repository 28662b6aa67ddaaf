import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";
import { visitCharges } from "./parking-fixtures.ts";

/**
 * The app of a parking visits test file and the driver's visit calls. Called in a describe: it
 * opens the app before the file's tests (`opened()` from then on) and closes it after.
 */
export function visitsApp() {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app?.close());
  const opened = () => app as TestApp;

  const startVisit = (headers: Record<string, string>, locationId: string, vehicleId: string) =>
    opened().inject({
      method: "POST",
      url: "/api/user/visit",
      headers,
      payload: { location_uuid: locationId, vehicle_uuid: vehicleId },
    });
  const pay = (headers: Record<string, string>, visitId: string, key: string, payload: object = {}) =>
    opened().inject({
      method: "POST",
      url: `/api/user/visit/${visitId}/pay`,
      headers: { ...headers, "idempotency-key": key },
      payload,
    });
  const chargesOf = (visitId: string) => visitCharges(opened(), visitId);
  return { opened, startVisit, pay, chargesOf };
}
