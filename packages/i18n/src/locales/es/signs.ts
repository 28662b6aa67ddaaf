import type { signs as en } from "../en/signs.ts";

/** Letreros que no se pueden falsificar (docs/decisions/0287, 0311): la verificación de la página y el lector de QR de la app. */
export const signs: typeof en = {
  checking: "Verificando este letrero…",
  verified: "Verificado: {{operator}}",
  verified_detail: "{{operator}} emitió este letrero para {{place}}.",
  forged_title: "No se pudo verificar este letrero",
  forged_detail:
    "Su código no corresponde a este lugar: la calcomanía podría ser falsa. No pagues desde un enlace en el que no confías; busca el lugar por el número del letrero.",
  scan_open: "Escanear el QR de un letrero",
  scan_hint: "Solo abre letreros de este sitio, verificados antes de abrir nada.",
  scan_title: "Escanear el QR de un letrero",
  scan_intro: "Apunta la cámara al código QR del letrero. Lo verificamos antes de abrir nada.",
  camera_label: "Vista de la cámara",
  camera_starting: "Encendiendo la cámara…",
  camera_blocked: "La cámara no está disponible. Puedes leer una foto del letrero.",
  camera_reading: "Buscando un código QR…",
  photo: "Leer una foto del letrero",
  photo_unreadable: "No encontramos un código QR en esa foto. Prueba con una más cercana y nítida.",
  result_checking: "Verificando el código…",
  result_verified: "Verificado: {{operator}}. Abriendo {{place}}…",
  result_foreign_title: "Este código no es uno de nuestros letreros",
  result_foreign:
    "Lleva a otro lugar ({{where}}), no a este sitio. Pagar ahí podría mandar tu dinero a alguien más: no lo abrimos.",
  result_foreign_text: "No es un enlace a este sitio, así que no lo abrimos.",
  result_unsigned_title: "Este letrero no tiene firma",
  result_unsigned:
    "El enlace es de nuestro sitio pero no lleva la firma de ningún operador, así que no sabemos quién lo imprimió. Busca el lugar por el número del letrero.",
  result_forged_title: "Este letrero es falso",
  result_forged:
    "Parece uno de nuestros letreros, pero su firma no corresponde al lugar. No pagues a través de él; avisa al operador o busca el lugar por el número del letrero.",
  result_unavailable: "No pudimos verificar el código ahora. Inténtalo de nuevo en un momento.",
  scan_again: "Escanear otro código",
};
