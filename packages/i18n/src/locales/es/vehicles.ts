import type { vehicles as source } from "../en/vehicles.ts";

export const vehicles: typeof source = {
  title: "Vehículos",
  empty: "Aún no tienes vehículos. Agrega uno para empezar a estacionarte.",
  list_label: "Tus vehículos",
  add: "Agregar vehículo",
  add_title: "Nuevo vehículo",
  edit_title: "Editar vehículo",
  plate: "Placas",
  state: "Estado",
  state_country: "País de las placas",
  state_placeholder: "Escribe para buscar",
  state_empty: "Ningún estado coincide",
  country_mx: "México",
  country_us: "EE. UU.",
  brand: "Marca",
  model: "Modelo",
  year: "Año",
  color: "Color",
  optional: "opcional",
  delete_title: "Eliminar vehículo",
  delete_confirm: "¿Eliminar el vehículo con placas {{plate}}? No se puede deshacer.",
  saved: "Vehículo guardado",
  deleted: "Vehículo eliminado",
  edit_named: "Editar {{plate}}",
  delete_refused: {
    vehicle_with_active_visit:
      "No puedes eliminarlo mientras está estacionado: termina la visita (sal del estacionamiento) y luego elimínalo.",
    active_subscription: "No puedes eliminarlo mientras tiene una pensión que se renueva: cancela la pensión primero.",
  },
  delete_named: "Eliminar {{plate}}",
};
