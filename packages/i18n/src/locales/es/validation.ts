import type { validation as source } from "../en/validation.ts";

export const validation: typeof source = {
  required: "El valor es requerido",
  email: "El valor no es un correo electrónico válido",
  alphanumeric: "El valor debe ser alfanumérico",
  max_length: "La longitud máxima permitida es {{max}}",
  min_length: "Este campo debe tener al menos {{min}} caracteres",
  min_value: "El valor mínimo permitido es {{min}}",
  state: "Elige un estado de la lista",
  characters: "El valor contiene caracteres no permitidos",
  time_zone: "Elige una zona horaria como America/Mexico_City",
  color: "Escribe un color como #rrggbb",
  contrast: "El texto blanco sobre este color se lee mal: elige un color más oscuro (contraste de 4.5:1 o más)",
  logo: "Escribe una ruta de este sitio, como /themes/isisa/logo.svg",
  url: "Escribe una dirección que empiece con https://",
  features: "Elige funciones de la lista, cada una una vez",
  range: "Escribe un valor de {{min}} a {{max}}",
  date: "Escribe la fecha como AAAA-MM-DD",
};
