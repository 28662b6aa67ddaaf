import type { privacy as source } from "../en/privacy.ts";

export const privacy: typeof source = {
  title: "Aviso de privacidad",
  updated: "Última actualización: noviembre de 2026",
  sections: [
    {
      heading: "Responsable de tus datos",
      paragraphs: [
        "{{brand}} y el operador del estacionamiento de este sitio son responsables de los datos personales que nos proporcionas a través de esta aplicación, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares. Puedes contactarnos en la página de Contacto.",
      ],
    },
    {
      heading: "Datos que recabamos",
      paragraphs: [
        "Datos de identificación y contacto: número de celular, nombre, apellidos, correo electrónico y, en sitios universitarios, tu matrícula.",
        "Datos del vehículo: placas, estado y, si decides agregarlos, marca, modelo, año y color.",
        "Datos de pago: los datos enmascarados de la tarjeta (marca, últimos cuatro dígitos, vencimiento y titular) que nos devuelve el procesador de pagos. El número de tarjeta y el código de seguridad se capturan en los campos del propio procesador y nunca llegan a nuestros servidores.",
        "Datos de uso: tus visitas, pensiones, pagos, facturas y las fechas y lugares en que ocurren. Datos fiscales (RFC, razón social, régimen fiscal, uso de CFDI y código postal) si solicitas facturas.",
      ],
    },
    {
      heading: "Para qué los usamos",
      paragraphs: [
        "Finalidades primarias: crear y proteger tu cuenta, reconocer tu vehículo en entradas y salidas, calcular y cobrar las tarifas, administrar pensiones, emitir recibos y facturas, y atender tus solicitudes.",
        "Finalidades secundarias: avisos del servicio y mejora de la aplicación. Puedes negarte en cualquier momento desde la página de Contacto sin que afecte el servicio.",
      ],
    },
    {
      heading: "Con quién los compartimos",
      paragraphs: [
        "Con procesadores de pago, para cobrar y reembolsar; con los proveedores de SMS, WhatsApp y correo que entregan tus códigos y avisos; con proveedores autorizados de certificación, para timbrar facturas; y con autoridades cuando la ley lo exige. No vendemos tus datos.",
      ],
    },
    {
      heading: "Tus derechos",
      paragraphs: [
        "Puedes acceder, rectificar, cancelar u oponerte al uso de tus datos (derechos ARCO) y revocar tu consentimiento escribiéndonos desde la página de Contacto con tu número de celular y tu solicitud. Respondemos en un plazo de 20 días hábiles. También puedes eliminar tu cuenta en Mi cuenta.",
      ],
    },
    {
      heading: "Almacenamiento en tu navegador",
      paragraphs: [
        "La aplicación guarda el idioma que elegiste y las claves de tu sesión en el almacenamiento de tu navegador para mantener tu sesión abierta. Al cerrar sesión se borran las claves.",
      ],
    },
    {
      heading: "Cambios a este aviso",
      paragraphs: ["Publicaremos cualquier cambio a este aviso en esta página con su fecha."],
    },
  ],
};
