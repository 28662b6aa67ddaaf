import type { screens as source } from "../en/screens.ts";

export const screens: typeof source = {
  events: { title: "Eventos" },
  dashboard: { title: "Inicio" },
  three_ds: { title: "Verificación de tarjeta", empty: "Verificando tu tarjeta con tu banco…" },
  visits: { title: "Visitas", empty: "Aún no tienes visitas." },
  visit: { title: "Visita" },
  meters: { title: "Parquímetros" },
  checkout: { title: "Pagar" },
  location: { title: "Ubicación" },
  welcome_freeflow: {
    title: "Bienvenido",
    heading_activated: "¡Listo! Ya puedes estacionarte sin boleto",
    heading: "Cómo funciona el estacionamiento sin boleto",
    intro: "En los estacionamientos freeflow no hay boleto que tomar ni escanear: las cámaras reconocen tus placas.",
    steps_label: "Cómo funciona",
    step_entry: "Entra: la cámara de la entrada lee tus placas y comienza tu estancia.",
    step_exit:
      "Sal: la cámara de la salida vuelve a leer tus placas y la estancia se cobra a tu tarjeta. Sin detenerte a pagar.",
    step_visits: "Cada estancia, su costo y su recibo están en Visitas.",
    home: "Ir al inicio",
    visits: "Ver mis visitas",
  },
  freeflow: {
    title: "Estacionamiento sin boleto",
    plates_label: "Placas que reconocen las cámaras",
    no_plates: "Agrega las placas de tu vehículo para que las cámaras lo reconozcan.",
    card_label: "Tarjeta a la que cobramos al salir",
    no_card: "Agrega una tarjeta: sin ella, tus estancias quedarán pendientes de pago.",
    card: "{{brand}} {{number}}",
    manage_vehicles: "Administrar vehículos",
    manage_cards: "Administrar tarjetas",
    how_it_works: "Cómo funciona",
  },
  not_found: {
    title: "Página no encontrada",
    body: "La página que buscas no existe o cambió de lugar.",
    home: "Ir al inicio",
  },
};
