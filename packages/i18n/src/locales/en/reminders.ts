/**
 * Reminders the driver controls (docs/product/reminders.md): the settings on the account screen,
 * the texts the server sends before a meter runs out, and the extend screen its link opens.
 * Times come formatted on the zone's clock.
 */
export const reminders = {
  extend_sms:
    "Estaciona: your parking in zone {{zone}} (plate {{plate}}) ends at {{ends_at}}. Add time in one tap: {{link}}",
  extend_subject: "Your parking in zone {{zone}} ends at {{ends_at}}",
  extend_body: [
    "Your parking in zone {{zone}} ({{name}}) for plate {{plate}} ends at {{ends_at}}.",
    "",
    "Add time with your saved card, without signing in: {{link}}",
    "The link works once, until your parking ends. Opening it charges nothing.",
  ].join("\n"),
  move_sms:
    "Estaciona: your parking in zone {{zone}} (plate {{plate}}) ends at {{ends_at}}, the zone's maximum stay. The car must be moved by then.",
  move_subject: "Move the car: zone {{zone}} ends at {{ends_at}}",
  move_body: [
    "Your parking in zone {{zone}} ({{name}}) for plate {{plate}} ends at {{ends_at}}.",
    "",
    "That is the zone's maximum stay: no time can be added. The car must be moved by then.",
  ].join("\n"),
  free_sms:
    "Estaciona: your parking in zone {{zone}} (plate {{plate}}) ends at {{ends_at}}. Parking is free after that; charging resumes {{resumes_at}}.",
  free_subject: "Zone {{zone}}: parking is free from {{ends_at}}",
  free_body: [
    "Your parking in zone {{zone}} ({{name}}) for plate {{plate}} ends at {{ends_at}}.",
    "",
    "Parking is free after that. Charging resumes {{resumes_at}}.",
  ].join("\n"),
  link_unknown: "This extend link is not valid.",
  link_expired: "This extend link has expired: the parking it was for has ended.",
  link_used: "This extend link was already used to add time.",
  link_revoked: "This extend link no longer works. Sign in to add time.",
  link_other_session: "This extend link is for another parking session.",

  settings_heading: "Reminders",
  settings_intro: "We remind you before your parking runs out and before a pass renews.",
  channel_label: "Send reminders by",
  channel_sms: "SMS",
  channel_whatsapp: "WhatsApp",
  channel_email: "E-mail",
  channel_email_needs_verified: "E-mail reminders go to your verified e-mail; until then they go by SMS.",
  lead_label: "How long before the end",
  lead_minutes: "{{count}} min",
  quiet_label: "Quiet hours",
  quiet_hint:
    "No reminders between these times (on the clock where you park). A reminder that would fall inside them comes just before.",
  quiet_from: "From",
  quiet_to: "To",
  quiet_same: "Quiet hours must start and end at different times.",
  saved: "Reminder preferences saved.",

  extend_title: "Add time",
  extend_intro: "Zone {{zone}} · {{name}} · plate {{plate}}",
  extend_ends: "Paid until {{ends_at}}",
  extend_allowed: "You can add time up to {{allowed_until}}.",
  extend_card: "Charged to {{brand}} •••• {{last4}}",
  extend_minutes: "Time to add",
  extend_total: "Total: {{total}}",
  extend_confirm: "Add {{minutes}} min for {{total}}",
  extend_done: "Done: parking now ends at {{ends_at}}.",
  extend_no_charge: "Nothing is charged until you confirm.",
  extend_at_maximum: "This parking has reached the zone's maximum stay: the car must be moved.",
  extend_free: "Parking is free after this session ends: there is no time to add.",
  extend_failed_title: "This link cannot add time",
  extend_sign_in: "Sign in",
};
