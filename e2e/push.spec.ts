import { type PushEndpoint, startPushEndpoint } from "../apps/api/test/support/push-endpoint.ts";
import { signUpThroughWizard } from "./drivers.ts";
import { expect, expectAccessible, hostUrl, test } from "./fixtures.ts";
import { reminderDueNow } from "./reminders.ts";

/**
 * Reminders as Web Push (docs/product/reminders.md, docs/decisions/0290 and 0292), as a new driver
 * meets them: signed up on `/`, notifications turned on in the account's reminder settings, a meter
 * paid, and the reminder arriving as a notification that opens the extend screen.
 *
 * No browser push service is reachable here (Chromium's subscriptions go to FCM), so one on
 * loopback stands in for it: the browser's `subscribe` answers a subscription at that service, and
 * everything else is the product's own — the screen's permission request and saved subscription,
 * the server's VAPID-signed, encrypted push (the server started with the service's host allowed and
 * its certificate trusted, playwright.config.ts), the service worker's notification, and its path.
 */

test.use({ serviceWorkers: "allow", locale: "es-MX", timezoneId: "America/Monterrey" });

/** Seeded zone 101 (docs/product/parking.md): charged around the clock, $12.00 MXN an hour. */
const ZONE_101 = "7d1e5a10-0000-4000-8000-000000000301";

interface PushNotice {
  title: string;
  body: string;
  path: string;
  tag: string;
}

let service: PushEndpoint;
test.beforeAll(async () => {
  service = await startPushEndpoint();
});
test.afterAll(async () => {
  await service.close();
});

test("a new driver turns notifications on, gets the meter's reminder as one, and adds time from it", async ({
  page,
  context,
}) => {
  const device = service.device();
  await context.grantPermissions(["notifications"]);
  // The stand-in for the browser's push service: a subscription at the loopback one, kept across
  // reloads as the browser keeps its own.
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const KEPT = "e2e.push-subscription";
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEPT);
          return true;
        },
      };
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem(KEPT, "1");
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        localStorage.getItem(KEPT) ? (subscription as unknown as PushSubscription) : null;
    },
    { endpoint: device.endpoint, keys: device.keys },
  );

  const driver = await signUpThroughWizard(page, "localhost", "es");

  // Mi cuenta → Recordatorios: notifications on this phone, turned on with a tap, then saved.
  await expect(async () => {
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("link", { name: "Mi cuenta" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("link", { name: "Mi cuenta" }).click();
  const reminders = page.getByRole("region", { name: "Recordatorios" });
  await reminders.getByRole("radio", { name: "Notificación en este teléfono" }).check();
  await expect(reminders.getByText(/^Activa primero las notificaciones en este dispositivo/)).toBeVisible();
  await reminders.getByRole("button", { name: "Activar notificaciones" }).click();
  await expect(reminders.getByRole("status")).toHaveText("Las notificaciones están activadas en este dispositivo.");
  await reminders.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Preferencias de recordatorios guardadas.")).toBeVisible();
  await expectAccessible(page);
  // After a reload the device still reads as on: the subscription is the browser's, not the screen's.
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Recordatorios" }).getByRole("button", {
      name: "Desactivar notificaciones en este dispositivo",
    }),
  ).toBeVisible();

  // Half an hour at zone 101.
  await page.goto(hostUrl("localhost", `/parquimetros/${ZONE_101}`));
  await page.getByRole("button", { name: "30 min" }).click();
  await page.getByRole("button", { name: "Pagar $13.13 MXN" }).click();
  await expect(page.getByRole("heading", { name: "Pagado" })).toBeVisible();

  // The reminder goes to the driver's channel, push: one push at this device's subscription, signed
  // with the deployment's key and readable only with the device's keys.
  reminderDueNow();
  let notice: PushNotice | null = null;
  await expect(async () => {
    const pushes = service.received.filter((push) => `${service.origin}${push.path}` === device.endpoint);
    expect(pushes).toHaveLength(1);
    notice = device.read(pushes[0] as (typeof pushes)[number]) as PushNotice;
  }).toPass({ timeout: 30_000 });
  const reminder = notice as unknown as PushNotice;
  expect(reminder.body).toContain("Zona 101");
  expect(reminder.body).toContain(driver.plate);
  expect(reminder.body).not.toMatch(/https?:/);
  expect(reminder.path).toMatch(/^\/extender\/[\w-]{43}$/);

  // The push reaches the service worker as the browser delivers it, and it shows the notification.
  const cdp = await context.newCDPSession(page);
  const scope = hostUrl("localhost", "/");
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((entry) => entry.scopeURL === scope && !entry.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  // The worker must be active to take a push; one delivered while it still installs is dropped.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const deliverPush = async () =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: hostUrl("localhost", "").replace(/\/$/, ""),
      registrationId: await registrationId,
      data: JSON.stringify(reminder),
    });
  await deliverPush();
  let shown: { title: string; body: string; path: string } | undefined;
  let looks = 0;
  await expect(async () => {
    // On a busy machine a push can still be lost before the worker handles it: delivered again,
    // it replaces the notification of the same tag, so there is still one.
    if (looks++ > 0) await deliverPush();
    shown = await page.evaluate(async (tag) => {
      const registration = await navigator.serviceWorker.ready;
      const [notification] = await registration.getNotifications({ tag });
      return notification
        ? { title: notification.title, body: notification.body, path: (notification.data as { path: string }).path }
        : undefined;
    }, reminder.tag);
    expect(shown).toEqual({ title: reminder.title, body: reminder.body, path: reminder.path });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000, 4_000] });

  // A tap opens the app at the notification's path: the extend screen, which charges nothing until confirmed.
  await page.goto(hostUrl("localhost", reminder.path));
  await expect(page.getByRole("heading", { name: "Agregar tiempo", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(hostUrl("localhost", "/extender"));
  await expect(page.getByText("No se cobra nada hasta que confirmes.")).toBeVisible();
  await page.getByRole("radio", { name: "15 min" }).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Agregar 15 min por $9.55 MXN" }).click();
  await expect(page.getByRole("status")).toContainText("Listo: tu estacionamiento ahora termina");

  // Off on this device: the browser's subscription is dropped and the server forgets it.
  await page.goto(hostUrl("localhost", "/usuario"));
  const settings = page.getByRole("region", { name: "Recordatorios" });
  await settings.getByRole("button", { name: "Desactivar notificaciones en este dispositivo" }).click();
  await expect(settings.getByRole("button", { name: "Activar notificaciones" })).toBeVisible();
});
