/**
 * The reminders module's public entry (docs/product/reminders.md): what other modules use of it.
 * A notice is scheduled with `reminderTime` (the driver's lead time, outside quiet hours) and sent
 * with `deliverReminder` (the driver's channel, once per key); the meters' extend links are made,
 * opened, claimed and revoked here.
 */
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
