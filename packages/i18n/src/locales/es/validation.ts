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
  date: "Escribe la fecha como AAAA-MM-DD",
};
