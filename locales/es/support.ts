import type en from '../en/support.ts'

// La página de contacto (/contact-us). El inglés (en/support.ts) tiene la misma forma.
export default {
  contact: {
    title: 'Contacto',
    heading: 'Contacto',
    intro:
      '¿Tienes dudas sobre tu cuenta, un pago o un juego? Escríbenos y una persona de nuestro equipo de soporte te responderá, en español o en inglés, normalmente en un día hábil.',
    playerIntro:
      'Escribes como {{username}}: nuestra respuesta llegará a tu Buzón, y la cabecera te avisará en cuanto esté allí.',
    visitorIntro: 'Te responderemos a la dirección de correo que indiques aquí.',
    name: 'Tu nombre',
    email: 'Correo electrónico',
    subject: 'Asunto',
    message: 'Mensaje',
    messageHelp: 'Como máximo 4000 caracteres. No envíes nunca una contraseña ni el número completo de una tarjeta.',
    submit: 'Enviar mensaje',
    submitting: 'Enviando…',
    sentHeading: 'Mensaje enviado',
    sentPlayer: 'Nuestra respuesta llegará a tu Buzón.',
    sentVisitor: 'Nuestra respuesta llegará por correo a {{email}}.',
    another: 'Escribir otro mensaje',
    mailboxLink: 'Ir a mi Buzón',
  },
} satisfies typeof en
