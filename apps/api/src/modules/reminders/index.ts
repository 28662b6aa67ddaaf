/**
 * The reminders module's public entry (docs/product/reminders.md): what other modules use of it.
 * A notice is scheduled with `reminderTime` (the driver's lead time, outside quiet hours) and sent
 * with `deliverReminder` (the driver's channel, Web Push included, once per key); the meters' extend
 * links are made, opened, claimed and revoked here, and the drivers' push subscriptions removed.
 */

export { claimReminder } from "./claims.ts";
export { deliverReminder, type ReminderContent, type ReminderDeps, recipientOf } from "./deliver.ts";
export {
  claimLink,
  type ExtendLink,
  issueExtendLink,
  openExtendLink,
  releaseLink,
  revokeExtendLinksOfCard,
  revokeExtendLinksOfUser,
} from "./links.ts";
export { inQuietHours, type PreferenceDefaults, preferencesOf, reminderTime } from "./preferences.ts";
export {
  type PushConfig,
  type PushNotice,
  pushDevicesOf,
  removePushSubscriptionsOfSession,
  removePushSubscriptionsOfUser,
} from "./push.ts";
