import type { common as source } from "../en/common.ts";

export const common: typeof source = {
  app_name: "Estaciona",
  loading: "Cargando…",
  signing_in_again: "Restaurando tu sesión…",
  skip_to_content: "Saltar al contenido",
  language: {
    label: "Idioma",
    es: "Español",
    en: "English",
    flag_mx: "Bandera de México",
    flag_us: "Bandera de Estados Unidos",
  },
  menu: {
    open: "Abrir menú",
    close: "Cerrar menú",
    title: "Menú",
    home: "Inicio",
    vehicles: "Vehículos",
    visits: "Visitas",
    subscriptions: "Pensiones",
    payment_method: "Método de pago",
    billing: "Facturación",
    account: "Mi cuenta",
    contact: "Contacto",
    operator: "Consola del operador",
    logout: "Cerrar sesión",
    sign_in: "Iniciar sesión",
  },
  footer: {
    privacy: "Aviso de privacidad",
    copyright: "© {{year}} {{brand}}. Todos los derechos reservados.",
  },
  error_dialog: {
    title: "Error",
    accept: "Aceptar",
    close: "Cerrar",
  },
  actions: {
    accept: "Aceptar",
    cancel: "Cancelar",
    save: "Guardar",
    saving: "Guardando…",
    delete: "Eliminar",
    edit: "Editar",
    add: "Agregar",
    back: "Regresar",
    continue: "Continuar",
    close: "Cerrar",
    confirm: "Confirmar",
  },
  confirm: {
    title: "¿Estás seguro?",
  },
  number_input: {
    decrease: "Disminuir",
    increase: "Aumentar",
  },
  paginator: {
    label: "Páginas",
    previous: "Página anterior",
    next: "Página siguiente",
    page: "Página {{page}}",
  },
  error_screen: {
    title: "Algo salió mal",
    body: "No pudimos mostrar esta pantalla. Recarga la página para intentarlo de nuevo; tus datos están a salvo.",
    new_version:
      "No se pudo descargar una parte de la aplicación: puede haber una versión nueva o se perdió la conexión. Recarga la página para continuar.",
    reload: "Recargar la página",
    home: "Ir al inicio",
  },
  // A card of a brand outside CARD_BRANDS (the contracts' cardBrandName writes the others).
  other_card_brand: "Tarjeta",
  logo_alt: "Logotipo de {{brand}}",
  saved: "Guardado",
};
