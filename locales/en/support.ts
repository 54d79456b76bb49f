// The contact page (/contact-us). Spanish (es/support.ts) has the same shape.
export default {
  contact: {
    title: 'Contact us',
    heading: 'Contact us',
    intro:
      'Questions about your account, a payment or a game? Write to us and a person from our support team will answer, in Spanish or English, usually within one business day.',
    playerIntro:
      'You are writing as {{username}}: our answer arrives in your Mailbox, and the header shows it as soon as it is there.',
    visitorIntro: 'We answer to the e-mail address you give here.',
    name: 'Your name',
    email: 'E-mail address',
    subject: 'Subject',
    message: 'Message',
    messageHelp: 'At most 4000 characters. Please never send a password or a full card number.',
    submit: 'Send message',
    submitting: 'Sending…',
    sentHeading: 'Message sent',
    sentPlayer: 'Our answer will arrive in your Mailbox.',
    sentVisitor: 'Our answer will arrive by e-mail at {{email}}.',
    another: 'Write another message',
    mailboxLink: 'Go to my Mailbox',
  },
}
