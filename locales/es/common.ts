import type en from '../en/common.ts'

// Textos del diseño (cabecera, barra lateral, pie, avisos), del inicio de sesión y de las
// páginas de cierre de sesión, restricción y error.
export default {
  meta: {
    siteName: 'Casino',
    description:
      'Casino en línea para mayores de 18 años: tragaperras, juegos de mesa y crupieres en vivo, con depósitos rápidos y herramientas de juego responsable.',
  },
  skipToContent: 'Saltar al contenido',
  nav: {
    label: 'Navegación principal',
    home: 'Inicio',
    account: 'Mi cuenta',
    admin: 'Administración',
    menu: 'Menú',
    openMenu: 'Abrir el menú',
    closeMenu: 'Cerrar el menú',
  },
  header: {
    deposit: 'Depositar',
    login: 'Iniciar sesión',
    register: 'Registrarse',
    logout: 'Cerrar sesión',
    balance: 'Saldo',
    balanceLabel: 'Tu saldo: {{amount}}',
    balanceDetail: 'Dinero real {{real}}, bono {{bonus}}',
    signedInAs: 'Sesión iniciada como {{username}}',
    mailbox: 'Buzón',
    mailboxUnread_one: 'Buzón: {{count}} mensaje sin leer',
    mailboxUnread_other: 'Buzón: {{count}} mensajes sin leer',
    mailboxNone: 'Buzón: no hay mensajes sin leer',
  },
  language: {
    label: 'Idioma',
    current: 'Idioma: {{language}}',
    es: 'Español',
    en: 'English',
  },
  theme: {
    label: 'Tema',
    dark: 'Oscuro',
    light: 'Claro',
    switchToLight: 'Cambiar al tema claro',
    switchToDark: 'Cambiar al tema oscuro',
  },
  toast: {
    close: 'Cerrar el mensaje',
    region: 'Avisos',
  },
  footer: {
    label: 'Información del sitio',
    linksTitle: 'Casino',
    accountTitle: 'Cuenta',
    responsibleTitle: 'Juega con responsabilidad',
    adultsOnly: 'Solo para mayores de 18 años',
    responsibleText:
      'El juego debe ser un entretenimiento, no una forma de ganar dinero. Decide antes de jugar cuánto dinero y cuánto tiempo vas a dedicarle, no intentes recuperar lo perdido y haz una pausa siempre que la necesites. Si el juego deja de ser divertido, habla con alguien: en nuestra página de Juego responsable te decimos dónde pedir ayuda.',
    licence:
      '{{siteName}} es un casino en línea para adultos. Los juegos de azar implican un riesgo económico; juega solo con dinero que puedas permitirte perder. Los menores no pueden registrarse ni jugar.',
    rights: '© {{year}} {{siteName}}. Todos los derechos reservados.',
  },
  loginCode: {
    title: 'Introduce tu código',
    intro:
      'Tu cuenta tiene la verificación en dos pasos. Introduce el código de seis cifras que muestra ahora tu aplicación de autenticación.',
    code: 'Código',
    codeHelp: '¿Has perdido el móvil? Introduce uno de tus códigos de recuperación (cada uno sirve una vez).',
    submit: 'Continuar',
    submitting: 'Comprobando…',
    startAgain: 'Iniciar sesión con otra cuenta',
  },
  login: {
    title: 'Iniciar sesión',
    intro: 'Inicia sesión para jugar con dinero real, depositar y ver tu historial.',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    submitting: 'Iniciando sesión…',
    forgot: '¿Has olvidado tu contraseña?',
    noAccount: '¿Todavía no tienes cuenta?',
    register: 'Regístrate ahora',
    close: 'Cerrar',
    resendActivation: 'Enviarme otro correo de activación',
  },
  logout: {
    title: 'Cerrar sesión',
    question: '¿Quieres cerrar la sesión de tu cuenta?',
    submit: 'Cerrar sesión',
    cancel: 'Seguir conectado',
    notLoggedIn: 'No has iniciado sesión.',
  },
  restriction: {
    title: 'Acceso restringido',
    explanation:
      'Las leyes sobre el juego en línea cambian de un país a otro y solo ofrecemos nuestros juegos donde está permitido. Tu conexión parece proceder de un país donde nuestros servicios no están disponibles, por lo que el sitio está cerrado para ti.',
    detected: 'País detectado: {{country}}',
    contact: 'Si crees que se trata de un error, escribe a nuestro equipo de soporte a <mail>{{email}}</mail>.',
    contactNoEmail: 'Si crees que se trata de un error, contacta con nuestro equipo de soporte.',
  },
  errors: {
    title: 'Algo ha fallado',
    notFoundTitle: 'Página no encontrada',
    goHome: 'Ir a la página de inicio',
    reference: 'Referencia: {{reference}} (indícala si nos escribes)',
    retry: 'Volver a intentarlo',
    upstreamNotice:
      'No se ha podido cargar parte de la información porque el casino no responde. Puedes seguir navegando; inténtalo de nuevo en un momento.',
  },
  offline: {
    title: 'Sin conexión',
  },
  passwordToggle: {
    show: 'Mostrar',
    hide: 'Ocultar',
    showLabel: 'Mostrar contraseña',
    hideLabel: 'Ocultar contraseña',
  },
  errorSummary: {
    heading_one: 'Hay {{count}} campo por revisar',
    heading_other: 'Hay {{count}} campos por revisar',
  },
} satisfies typeof en
