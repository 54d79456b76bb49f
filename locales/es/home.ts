import type en from '../en/home.ts'

// La página de inicio: la cabecera principal y los cuatro bloques informativos.
export default {
  title: 'Casino en línea: tragaperras, juegos de mesa y crupieres en vivo',
  hero: {
    eyebrow: 'Casino en línea · +18',
    heading: 'Juega tranquilo. Juega limpio.',
    text: 'Tragaperras, ruleta, blackjack y mesas en vivo con reglas claras, resultados de juego justo verificable y depósitos que llegan en minutos. Prueba cualquier juego gratis en modo demo y juega con dinero real cuando quieras.',
    register: 'Crear una cuenta',
    login: 'Ya tengo una cuenta',
    account: 'Ir a mi cuenta',
    greeting: 'Hola, {{username}}. Nos alegra verte por aquí.',
  },
  blocks: {
    title: 'Por qué jugar con nosotros',
    deposit: {
      title: 'Depósitos sencillos',
      text: 'Paga con tarjeta (con 3-D Secure), transferencia bancaria, cupón prepago, Bitcoin o USDT. Depositar no tiene coste, y los depósitos con tarjeta y cupón llegan a tu saldo en cuanto se confirman.',
      link: 'Cómo depositar',
    },
    fair: {
      title: 'Juego justo verificable',
      text: 'Antes de cada ronda publicamos el hash de la semilla del servidor y puedes añadir tu propia semilla. Al terminar la ronda revelamos la semilla para que compruebes por tu cuenta que el resultado no se ha alterado.',
      link: 'Comprueba una ronda',
    },
    safe: {
      title: 'Seguro y privado',
      text: 'Tu sesión va cifrada y los datos de tu tarjeta van directamente al procesador de pagos: nunca los guardamos. Si el juego deja de ser divertido, te contamos dónde pedir ayuda.',
      link: 'Juego responsable',
    },
    support: {
      title: 'Soporte de verdad',
      text: '¿Dudas sobre un pago, tu cuenta o un juego? Escribe a nuestro equipo de soporte desde tu cuenta o el formulario de contacto y te responderá una persona, en español o en inglés.',
      link: 'Escríbenos',
    },
  },
} satisfies typeof en
