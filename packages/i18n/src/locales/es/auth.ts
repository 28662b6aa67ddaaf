import type { auth as source } from "../en/auth.ts";

export const auth: typeof source = {
  title: "Iniciar sesión",
  phone_step: {
    heading: "Inicia sesión o crea tu cuenta",
    country_code: "Código de país",
    country_mx: "+52 México",
    country_us: "+1 EE. UU.",
    phone: "Número de celular",
    phone_hint: "10 dígitos",
    continue: "Continuar",
    disclaimer:
      "Te enviaremos un código de 6 dígitos por SMS o WhatsApp a este número. Pueden aplicar cargos de tu operador.",
    accept_privacy: "Al continuar aceptas nuestro",
    privacy_link: "aviso de privacidad",
    risk_notice:
      "Nunca compartas tu código con nadie: jamás te lo pediremos por teléfono, correo o mensaje. Quien tenga el código puede entrar a tu cuenta.",
  },
  code_step: {
    heading: "Ingresa tu código",
    sent_to: "Enviamos un código de 6 dígitos al {{phone}}.",
    code: "Código de verificación",
    submit: "Iniciar sesión",
    resend: "Enviar un código nuevo",
    resend_in: "Puedes pedir un código nuevo en {{seconds}} s",
    back: "Cambiar número",
    undelivered: "Tu código no llegó. Envíalo de otra forma:",
    send_by: { sms: "Enviar por SMS", whatsapp: "Enviar por WhatsApp" },
  },
  name_step: {
    heading: "Cuéntanos de ti",
    first_name: "Nombre",
    last_name: "Apellidos",
    student_id: "Matrícula",
    save: "Continuar",
    cancel: "Cancelar",
  },
  vehicle_step: {
    heading: "Agrega tu vehículo",
    intro: "Registra las placas del vehículo con el que te estacionas.",
    save: "Guardar vehículo",
    add_later: "Agregar después",
  },
  payment_step: {
    heading: "Agrega un método de pago",
    add_later: "Agregar después",
    card_refused: "Tu banco no confirmó la tarjeta, así que no se guardó. Inténtalo de nuevo o usa otra tarjeta.",
  },
  invalid_code_format: "Código de verificación inválido: se esperan 6 dígitos.",
  code_sent: "Te enviamos un código nuevo.",
};
