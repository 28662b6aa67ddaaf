import type { reminders as source } from "../en/reminders.ts";

export const reminders: typeof source = {
  extend_sms:
    "Estaciona: tu estacionamiento en la zona {{zone}} (placa {{plate}}) termina a las {{ends_at}}. Agrega tiempo en un toque: {{link}}",
  extend_subject: "Tu estacionamiento en la zona {{zone}} termina a las {{ends_at}}",
  extend_body: [
    "Tu estacionamiento en la zona {{zone}} ({{name}}) para la placa {{plate}} termina a las {{ends_at}}.",
    "",
    "Agrega tiempo con tu tarjeta guardada, sin iniciar sesión: {{link}}",
    "El enlace sirve una vez, hasta que termine tu estacionamiento. Abrirlo no cobra nada.",
  ].join("\n"),
  move_sms:
    "Estaciona: tu estacionamiento en la zona {{zone}} (placa {{plate}}) termina a las {{ends_at}}, la estancia máxima de la zona. Debes mover el auto antes.",
  move_subject: "Mueve el auto: la zona {{zone}} termina a las {{ends_at}}",
  move_body: [
    "Tu estacionamiento en la zona {{zone}} ({{name}}) para la placa {{plate}} termina a las {{ends_at}}.",
    "",
    "Es la estancia máxima de la zona: no se puede agregar tiempo. Debes mover el auto antes.",
  ].join("\n"),
  free_sms:
    "Estaciona: tu estacionamiento en la zona {{zone}} (placa {{plate}}) termina a las {{ends_at}}. Después es gratis; el cobro vuelve {{resumes_at}}.",
  free_subject: "Zona {{zone}}: estacionarse es gratis desde las {{ends_at}}",
  free_body: [
    "Tu estacionamiento en la zona {{zone}} ({{name}}) para la placa {{plate}} termina a las {{ends_at}}.",
    "",
    "Después es gratis. El cobro vuelve {{resumes_at}}.",
  ].join("\n"),
  extend_push:
    "Zona {{zone}}, placa {{plate}}: termina a las {{ends_at}}. Toca para agregar tiempo con tu tarjeta guardada.",
  move_push:
    "Zona {{zone}}, placa {{plate}}: termina a las {{ends_at}}, la estancia máxima de la zona. Debes mover el auto.",
  free_push:
    "Zona {{zone}}, placa {{plate}}: termina a las {{ends_at}}. Después es gratis; el cobro vuelve {{resumes_at}}.",
  link_unknown: "Este enlace para agregar tiempo no es válido.",
  link_expired: "Este enlace para agregar tiempo venció: el estacionamiento terminó.",
  link_used: "Este enlace ya se usó para agregar tiempo.",
  link_revoked: "Este enlace ya no funciona. Inicia sesión para agregar tiempo.",
  link_other_session: "Este enlace es de otra sesión de estacionamiento.",

  settings_heading: "Recordatorios",
  settings_intro: "Te avisamos antes de que se acabe tu estacionamiento y antes de que se renueve una pensión.",
  channel_label: "Enviar recordatorios por",
  channel_sms: "SMS",
  channel_whatsapp: "WhatsApp",
  channel_email: "Correo",
  channel_push: "Notificación en este teléfono",
  push_heading: "Notificaciones en este dispositivo",
  push_intro:
    "Recibe los recordatorios como notificaciones de la app instalada. Al tocarlas se abre la app donde agregas tiempo.",
  push_enable: "Activar notificaciones",
  push_disable: "Desactivar notificaciones en este dispositivo",
  push_enabled: "Las notificaciones están activadas en este dispositivo.",
  push_denied:
    "Las notificaciones están bloqueadas para este sitio. Permítelas en la configuración del navegador para recibir recordatorios aquí.",
  push_failed: "Este navegador no pudo activar las notificaciones. Los recordatorios siguen llegando por SMS.",
  push_needs_device:
    "Activa primero las notificaciones en este dispositivo; mientras tanto los recordatorios van por SMS.",
  push_unavailable: "Las notificaciones no están disponibles en esta instalación.",
  push_endpoint_refused: "No enviamos al servicio de notificaciones de este navegador.",
  channel_email_needs_verified: "Los recordatorios por correo van a tu correo verificado; mientras tanto van por SMS.",
  lead_label: "Cuánto antes del final",
  lead_minutes: "{{count}} min",
  quiet_label: "Horas de silencio",
  quiet_hint:
    "Sin recordatorios entre estas horas (en el reloj de donde te estacionas). Un recordatorio que caería dentro llega justo antes.",
  quiet_from: "Desde",
  quiet_to: "Hasta",
  quiet_same: "Las horas de silencio deben empezar y terminar a horas distintas.",
  saved: "Preferencias de recordatorios guardadas.",

  extend_title: "Agregar tiempo",
  extend_intro: "Zona {{zone}} · {{name}} · placa {{plate}}",
  extend_ends: "Pagado hasta las {{ends_at}}",
  extend_allowed: "Puedes agregar tiempo hasta las {{allowed_until}}.",
  extend_card: "Se cobra a {{brand}} •••• {{last4}}",
  extend_minutes: "Tiempo a agregar",
  extend_total: "Total: {{total}}",
  extend_confirm: "Agregar {{minutes}} min por {{total}}",
  extend_done: "Listo: tu estacionamiento ahora termina a las {{ends_at}}.",
  extend_no_charge: "No se cobra nada hasta que confirmes.",
  extend_at_maximum: "Este estacionamiento llegó a la estancia máxima de la zona: debes mover el auto.",
  extend_free: "Después de esta sesión estacionarse es gratis: no hay tiempo que agregar.",
  extend_failed_title: "Este enlace no puede agregar tiempo",
  extend_sign_in: "Iniciar sesión",
};
