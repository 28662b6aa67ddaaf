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
