import type { account as source } from "../en/account.ts";

export const account: typeof source = {
  title: "Mi cuenta",
  profile_heading: "Tus datos",
  first_name: "Nombre",
  last_name: "Apellidos",
  student_id: "Matrícula",
  phone: "Celular",
  email: "Correo electrónico",
  email_missing: "Aún sin correo",
  email_verified: "Verificado",
  email_not_verified: "Sin verificar",
  change_email: "Cambiar correo",
  add_email: "Agregar correo",
  email_dialog_title: "Verifica tu correo",
  email_dialog_intro: "Enviaremos un código de 6 dígitos a esta dirección.",
  send_code: "Enviar código",
  code: "Código enviado por correo",
  verify: "Verificar",
  email_updated: "Tu correo está verificado",
  code_sent: "Enviamos un código a {{email}}",
  need_email_first: "Agrega y verifica tu correo antes de guardar tus datos.",
  profile_saved: "Tus datos se guardaron",
  language_heading: "Idioma",
  delete_heading: "Eliminar cuenta",
  delete_intro:
    "Al eliminar tu cuenta se borran tu nombre, correo, teléfono, vehículos, tarjetas y datos de facturación. Los pagos y facturas que la ley nos obliga a conservar se quedan, sin tu nombre. No puedes eliminarla mientras tengas visitas o pensiones activas.",
  receipts_heading: "Recibos",
  receipts_intro: "Todos tus pagos del mes, de negocio o personales, con su estado de cuenta en CSV o PDF.",
  receipts_link: "Historial de recibos",
  data_heading: "Copia de tus datos",
  data_intro:
    "Descarga un archivo con todo lo que tenemos de ti: perfil, vehículos, tarjetas, visitas, pagos, facturas y mensajes.",
  data_button: "Descargar mis datos",
  data_downloaded: "Se descargó el archivo con tus datos",
  delete_button: "Eliminar mi cuenta",
  delete_confirm: "¿Eliminar tu cuenta definitivamente? No se puede deshacer.",
  delete_checking: "Revisando lo que tu cuenta aún tiene…",
  delete_blocked: "Todavía no puedes eliminar tu cuenta. Antes:",
  delete_blocker: {
    visit: "Tu estancia en {{location}}: págala y sal del estacionamiento.",
    subscription_period:
      "Tu pensión en {{location}}, pagada hasta el {{until}}: cancélala. Después de ese día podrás eliminar la cuenta, o pide al operador que la termine antes.",
    meter_purchase: "Tu tiempo de parquímetro en {{location}}, hasta las {{until}}: espera a que termine.",
    event_visit:
      "Tu estacionamiento para el evento en {{location}}, hasta las {{until}}: espera a que termine el evento.",
    valet_ticket: "Tu boleto de valet en {{location}}: recoge tu auto primero.",
    payment_method: "Aún se confirma la verificación de una tarjeta: inténtalo de nuevo en unos minutos.",
    balance_top_up:
      "Tu saldo en {{location}} todavía tiene dinero: primero pide que te lo devolvamos a tu tarjeta desde el inicio.",
  },
  delete_blocked_close: "Cerrar",
};
