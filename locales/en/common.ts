// Strings of the layout (header, side bar, footer, toasts), the login modal and page, logout,
// restriction and error pages. Spanish (es/common.ts) has the same shape.
export default {
  meta: {
    siteName: 'Casino',
    description:
      'Online casino for players aged 18 or over: slots, table games and live dealers, with fast deposits and responsible-gaming tools.',
  },
  skipToContent: 'Skip to content',
  nav: {
    label: 'Main navigation',
    home: 'Home',
    account: 'My account',
    admin: 'Administration',
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  header: {
    deposit: 'Deposit',
    login: 'Log in',
    register: 'Register',
    logout: 'Log out',
    balance: 'Balance',
    balanceLabel: 'Your balance: {{amount}}',
    balanceDetail: 'Real money {{real}}, bonus {{bonus}}',
    signedInAs: 'Signed in as {{username}}',
    mailbox: 'Mailbox',
    mailboxUnread_one: 'Mailbox: {{count}} unread message',
    mailboxUnread_other: 'Mailbox: {{count}} unread messages',
    mailboxNone: 'Mailbox: no unread messages',
  },
  language: {
    label: 'Language',
    current: 'Language: {{language}}',
    es: 'Español',
    en: 'English',
  },
  theme: {
    label: 'Theme',
    dark: 'Dark',
    light: 'Light',
    switchToLight: 'Switch to the light theme',
    switchToDark: 'Switch to the dark theme',
  },
  toast: {
    close: 'Close message',
    region: 'Notifications',
  },
  footer: {
    label: 'Site information',
    linksTitle: 'Casino',
    accountTitle: 'Account',
    responsibleTitle: 'Play responsibly',
    adultsOnly: 'Only for players aged 18 or over',
    responsibleText:
      'Gambling should be entertainment, not a way to make money. Decide before you play how much money and time you will spend, never chase losses, and take a break whenever you need one. If gambling stops being fun, talk to someone: our Responsible gaming page says where to get help.',
    licence:
      '{{siteName}} is an online casino for adults. Games of chance involve financial risk; play only with money you can afford to lose. Minors are not allowed to register or play.',
    rights: '© {{year}} {{siteName}}. All rights reserved.',
  },
  login: {
    title: 'Log in',
    intro: 'Log in to play for real money, deposit and see your history.',
    username: 'Username',
    password: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    forgot: 'Forgot your password?',
    noAccount: "Don't have an account yet?",
    register: 'Register now',
    close: 'Close',
    resendActivation: 'Send me a new activation e-mail',
  },
  logout: {
    title: 'Log out',
    question: 'Do you want to log out of your account?',
    submit: 'Log out',
    cancel: 'Stay logged in',
    notLoggedIn: 'You are not logged in.',
  },
  restriction: {
    title: 'Access restricted',
    explanation:
      'Online gambling laws differ from country to country, and we only offer our games where we are allowed to. Your connection appears to come from a country where our services are not available, so the site is closed for you.',
    detected: 'Country detected: {{country}}',
    contact: 'If you believe this is a mistake, write to our support team at <mail>{{email}}</mail>.',
    contactNoEmail: 'If you believe this is a mistake, contact our support team.',
  },
  errors: {
    title: 'Something went wrong',
    notFoundTitle: 'Page not found',
    goHome: 'Go to the home page',
    reference: 'Reference: {{reference}} (quote it if you contact us)',
    retry: 'Try again',
    upstreamNotice:
      'Some information could not be loaded because the casino is not answering. You can keep browsing; please try again in a moment.',
  },
  offline: {
    title: 'You are offline',
  },
  passwordToggle: {
    show: 'Show',
    hide: 'Hide',
    showLabel: 'Show password',
    hideLabel: 'Hide password',
  },
  errorSummary: {
    heading_one: '{{count}} field needs your attention',
    heading_other: '{{count}} fields need your attention',
  },
}
