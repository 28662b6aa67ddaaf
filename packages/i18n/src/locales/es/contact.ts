import type { contact as source } from "../en/contact.ts";

export const contact: typeof source = {
  title: "Contacto",
  operator_heading: "Habla con nosotros",
  email: "Correo electrónico",
  phone: "Teléfono",
  no_details: "Este sitio aún no publica datos de contacto. Consulta las preguntas de abajo.",
  faq_heading: "Preguntas frecuentes",
  form_heading: "Escríbenos",
  topic: "Tema",
  topics: {
    visit: "Una estancia o visita",
    payment: "Un pago o un cargo",
    invoice: "Una factura",
    account: "Mi cuenta",
    other: "Otra cosa",
  },
  message: "Mensaje",
  message_hint: "Hasta {{max}} caracteres.",
  visit: "Estancia a la que se refiere (opcional)",
  no_visit: "Ninguna",
  send: "Enviar",
  sending: "Enviando…",
  sent_heading: "Mensaje enviado",
  sent: "Recibimos tu mensaje. Tu número de referencia es {{reference}}; el operador te responde por correo o teléfono.",
  send_another: "Escribir otro mensaje",
  operator_email_subject: "[{{reference}}] {{topic}} · {{brand}}",
  operator_email_body:
    "Mensaje {{reference}} del formulario de contacto de {{brand}} ({{hostname}}).\n\nTema: {{topic}}\nConductor: {{name}} · {{phone}} · {{email}}\nEstancia: {{visit}}\n\n{{message}}",
  faq: {
    estaciona: [
      {
        question: "¿Cómo pago el estacionamiento?",
        answer:
          "Registra tu vehículo y una tarjeta. Al salir de un estacionamiento se calcula tu estancia y se cobra a tu tarjeta predeterminada; el recibo aparece en Visitas.",
      },
      {
        question: "¿Por qué hay un cargo de 10 MXN en mi tarjeta?",
        answer: "Verifica que tu tarjeta funciona cuando la agregas y se reembolsa de inmediato.",
      },
      {
        question: "¿Puedo obtener factura?",
        answer:
          "Sí. Guarda tus datos fiscales en Facturación y solicita la factura de una visita pagada dentro del plazo de la ubicación.",
      },
      {
        question: "No recibí mi código.",
        answer:
          "Revisa que el número tenga 10 dígitos y el código de país correcto. Puedes pedir un código nuevo después de 60 segundos.",
      },
    ],
    us: [
      {
        question: "¿Cómo pago el estacionamiento?",
        answer:
          "Registra tu vehículo y una tarjeta. Al salir de un estacionamiento se calcula tu estancia y se cobra a tu tarjeta predeterminada; el recibo aparece en Visitas.",
      },
      {
        question: "¿Por qué hay un cargo de $1.00 en mi tarjeta?",
        answer: "Verifica que tu tarjeta funciona cuando la agregas y se reembolsa de inmediato.",
      },
      {
        question: "¿Dónde están mis recibos?",
        answer:
          "Cada estancia, periodo de pensión y compra de parquímetro pagados tiene su recibo en Visitas, que puedes descargar en PDF.",
      },
      {
        question: "No recibí mi código.",
        answer:
          "Revisa que el número tenga 10 dígitos y el código de país correcto. Puedes pedir un código nuevo después de 60 segundos.",
      },
    ],
    isisa: [
      {
        question: "¿Quién puede comprar una pensión universitaria?",
        answer:
          "Estudiantes y personal con matrícula vigente. Captúrala en tu cuenta antes de comprar una pensión en Pensiones.",
      },
      {
        question: "¿Cuánto dura mi pensión?",
        answer: "Cada plan muestra su periodo y precio antes de pagar. Tus pensiones activas aparecen en Pensiones.",
      },
      {
        question: "¿Puedo cambiar el vehículo de mi pensión?",
        answer: "Una pensión pertenece a un vehículo. Cancélala y compra otra para el otro vehículo.",
      },
      {
        question: "No recibí mi código.",
        answer:
          "Revisa que el número tenga 10 dígitos y el código de país correcto. Puedes pedir un código nuevo después de 60 segundos.",
      },
    ],
    freeflow: [
      {
        question: "¿Cómo funciona el estacionamiento sin boleto?",
        answer:
          "Las cámaras leen tus placas en la entrada y en la salida. Al salir, la estancia se cobra a tu tarjeta registrada.",
      },
      {
        question: "¿Qué pasa si rechazan mi tarjeta?",
        answer: "La visita queda pendiente de pago y te avisamos. Págala en Visitas antes de tu siguiente entrada.",
      },
      {
        question: "¿Puedo registrar las mismas placas en dos cuentas?",
        answer: "No. Unas placas solo pueden estar activas en una cuenta.",
      },
      {
        question: "No recibí mi código.",
        answer:
          "Revisa que el número tenga 10 dígitos y el código de país correcto. Puedes pedir un código nuevo después de 60 segundos.",
      },
    ],
  },
};
