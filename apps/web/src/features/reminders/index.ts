/** The reminders feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { ReminderSettings } from "./components/reminder-settings.tsx";
