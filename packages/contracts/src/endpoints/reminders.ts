import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** Reminders the driver controls (docs/product/reminders.md). */

const reminders = () => import("../schemas/reminders.ts");
const tag = "reminders";

export const getReminderPreferences = defineEndpoint({
  method: "GET",
  path: "/user/reminder-preferences",
  auth: "user",
  tag,
  summary: "The driver's reminder channel, lead time and quiet hours (the defaults until changed)",
  schemas: schemasOf(reminders, (s) => ({ response: s.reminderPreferences })),
});

export const updateReminderPreferences = defineEndpoint({
  method: "PUT",
  path: "/user/reminder-preferences",
  auth: "user",
  tag,
  summary: "Change the driver's reminder channel, lead time and quiet hours",
  schemas: schemasOf(reminders, (s) => ({ body: s.reminderPreferences, response: s.reminderPreferences })),
});

export const getPushKey = defineEndpoint({
  method: "GET",
  path: "/user/push-subscriptions/key",
  auth: "user",
  tag,
  summary: "The VAPID public key a browser subscribes to Web Push with (null where push is not configured)",
  schemas: schemasOf(reminders, (s) => ({ response: s.pushKey })),
});

export const savePushSubscription = defineEndpoint({
  method: "POST",
  path: "/user/push-subscriptions",
  auth: "user",
  tag,
  summary: "Keep this device's Web Push subscription (the same endpoint again replaces its keys)",
  schemas: schemasOf(reminders, (s) => ({ body: s.pushSubscriptionBody, response: s.pushSubscriptionView })),
});

export const deletePushSubscription = defineEndpoint({
  method: "DELETE",
  path: "/user/push-subscriptions",
  auth: "user",
  tag,
  summary: "Forget this device's Web Push subscription (an endpoint not kept changes nothing)",
  schemas: schemasOf(reminders, (s) => ({ query: s.pushSubscriptionQuery, response: s.noData })),
});
