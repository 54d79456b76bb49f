// The home page: the hero and the four info blocks. Spanish (es/home.ts) has the same shape.
export default {
  title: 'Online casino: slots, table games and live dealers',
  hero: {
    eyebrow: 'Online casino · 18+',
    heading: 'Play calmly. Play fair.',
    text: 'Slots, roulette, blackjack and live tables with clear rules, provably fair results and deposits that arrive in minutes. Try any game for free in demo mode, then play for real whenever you are ready.',
    register: 'Create an account',
    login: 'I already have an account',
    account: 'Go to my account',
    greeting: 'Hello, {{username}}. Good to see you here.',
  },
  blocks: {
    title: 'Why play with us',
    deposit: {
      title: 'Easy deposits',
      text: 'Pay by card (with 3-D Secure), bank transfer, prepaid voucher, Bitcoin or USDT. Deposits are free of charge, and card and voucher deposits reach your balance as soon as they are confirmed.',
      link: 'How to deposit',
    },
    fair: {
      title: 'Provably fair',
      text: 'Before each round we publish a hash of the server seed; you can add your own seed. When the round ends, the seed is revealed so you can check for yourself that the result was not changed.',
      link: 'Check a round',
    },
    safe: {
      title: 'Safe and private',
      text: 'Your session is encrypted and your card details go straight to the payment processor: we never store them. If gaming stops being fun, we tell you where to get help.',
      link: 'Responsible gaming',
    },
    support: {
      title: 'Real support',
      text: 'Questions about a payment, your account or a game? Write to our support team from your account or the contact form and a person will answer, in Spanish or English.',
      link: 'Write to us',
    },
  },
}
