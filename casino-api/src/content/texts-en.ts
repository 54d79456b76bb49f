/**
 * The site's texts in English, as first seeded. Numbers of the rules are never written here:
 * {{placeholders}} name the settings (render.ts lists them), filled in when a page is read.
 */
import type { SeedEntry } from './seed.ts'

export const EN: SeedEntry[] = [
  // ---- pages -------------------------------------------------------------------------------
  {
    kind: 'page',
    slug: 'about-us',
    title: 'About us',
    summary: 'Who we are, how we work and what you can expect from {{siteName}}.',
    body: `## Who we are

{{siteName}} is an online casino for people over {{minimumAge}}. Slots, table games and live casino sit together in one place, in Spanish and in English, with one account in euros and no fees to deposit or to withdraw.

## How we work

- **Play you can verify.** Every round of our own games is decided by a server seed and a seed of yours; after playing you can check the outcome on the [Provably fair](/en/provably-fair) page.
- **Your money, kept apart and in sight.** Your balance, deposits, withdrawals and bets show in your account at once, with their full history.
- **Clear rules.** The limits and deadlines we apply are the ones you read in the [Terms of use](/en/terms); when they change, they change here at the same moment.
- **Responsible gaming.** [Responsible gaming](/en/responsible) explains how to keep gaming a pastime and where to get help.

## Talk to us

If you have a question, the [FAQ](/en/faq) is the quickest place to look. If the answer is not there, write to us from [Contact us](/en/contact-us) or at {{supportEmail}}: every message gets a reply.`,
  },
  {
    kind: 'page',
    slug: 'welcome',
    title: 'Welcome to {{siteName}}',
    summary: 'Your first steps: signing up, verification, your first deposit and your first games.',
    body: `## Get started in four steps

1. **Open your account.** There is one account per person, and you must be over {{minimumAge}}. We will send you an e-mail to activate it.
2. **Make your first deposit.** By card, bank transfer, prepaid voucher or crypto (Bitcoin or USDT), from {{minDeposit}} up to {{maxDeposit}} each time. We charge no fees.
3. **Play.** Try any game in demo mode without risking a thing and, whenever you like, switch to real money.
4. **Withdraw your winnings.** Before a withdrawal, the amount you deposited must be wagered {{wageringMultiplier}} times. Withdrawals start at {{minWithdrawal}}.

## Worth knowing from the start

- Withdrawals above {{extraVerificationAbove}} need an extra identity check.
- Net winnings are capped at {{maxNetWinningsPerDay}} per 24 hours (anything won beyond that is held for review), and up to {{maxWithdrawalPerMonth}} can be withdrawn per month.
- If we ask you for documents (KYC), you will have {{kycDeadlineDays}} days to send them.

Every condition is in the [Terms of use](/en/terms).`,
  },
  {
    kind: 'page',
    slug: 'why-choose-us',
    title: 'Why choose us',
    summary: 'What sets us apart: play you can verify, payments without fees and real help.',
    body: `## Fair play you can check

Our own games publish each round's seed once it is over. With it you can recompute the outcome in your own browser, on the [Provably fair](/en/provably-fair) page, instead of taking our word for it.

## Payments without fees

Depositing and withdrawing cost nothing. We take cards, bank transfers, prepaid vouchers, Bitcoin and USDT. The one condition before a withdrawal is to wager your deposit {{wageringMultiplier}} times, a rule that guards against money laundering.

## An account that stays clear

Balance, transactions and bets are up to date in your account area, with the details of every payment and every round.

## Security

Your data travels encrypted, your password is stored with an algorithm built to resist attacks, and sessions expire on their own. See how we handle your data in the [Privacy policy](/en/privacy).

## Help from people

We answer in Spanish and in English from [Contact us](/en/contact-us). And if gaming stops being fun, [Responsible gaming](/en/responsible) has advice and where to get help.`,
  },
  {
    kind: 'page',
    slug: 'terms',
    title: 'Terms of use',
    summary: 'The conditions you accept when you open an account and play at {{siteName}}.',
    body: `## 1. Who may play

To sign up you must be over {{minimumAge}} and play from a country where online gambling is allowed. There is **one account per person**, per address, per e-mail address and per shared device; duplicate accounts are closed.

## 2. Your account

You are responsible for keeping your password secret and your details up to date. An account without a log-in for {{dormantAccountMonths}} months is dormant and is closed, after a notice by e-mail a month before; while money of yours is left in it, it is not closed, and you can log in and withdraw it at any time.

## 3. Identity checks (KYC)

We may ask you at any time to prove your identity and your address: we tell you by e-mail and in your mailbox, and the documents are sent in [My account › Verification](/en/user-management/verification). You will have **{{kycDeadlineDays}} days** from our request to send them. If they do not arrive in time, the account is suspended until your identity is verified: you can log in, send them and play in demo mode, but not deposit or play for real money, and your withdrawals wait for the check. Your balance is kept: a delay never costs you funds.

- Accepted formats: {{kycFileTypes}}, up to {{kycMaxFileMegabytes}} MB per file.
- Proof of address may be no older than {{kycProofMaxAgeMonths}} months.
- Withdrawals above {{extraVerificationAbove}} always need an extra check.

## 4. Deposits

Deposits range from {{minDeposit}} to {{maxDeposit}} each time. We charge no deposit fees. The money must come from a payment method in your own name.

## 5. Withdrawals

- Before a withdrawal, each deposit must be wagered in full **{{wageringMultiplier}} times**.
- The smallest withdrawal is {{minWithdrawal}}, and at most **{{maxWithdrawalPerMonth}} per month** can be withdrawn.
- Net winnings (what you win less what you stake) are capped at **{{maxNetWinningsPerDay}} per 24 hours**; accounts in rupees have the same limit at ₹100 per euro. The part of a win that goes beyond it is not added to your balance: we hold it while we review it, then pay it to you or, giving you the reason, keep it. Your bet history and your mailbox show what was held and what became of it.
- We charge no withdrawal fees.
- Accounts limited by our team may withdraw at most {{limitedAccountWithdrawalPercent}} % of their balance per month.

## 6. Bonuses

{{siteName}} offers no bonuses today. If it ever does, their conditions will be published in these terms before anyone can get them.

## 7. Irregular play

Staking more than {{irregularPlayPercent}} % of the deposit on a single play, or betting so as to cover every possible outcome, is irregular play. We may void winnings made that way.

## 8. Refunds

Refunds follow the [Refund policy](/en/refund-policy).

## 9. Complaints

You may complain about a bet within {{betComplaintDays}} days and about a game within {{gameComplaintWeeks}} weeks. After that, complaints are not accepted. Write to us from [Contact us](/en/contact-us) or at {{supportEmail}}.

## 10. Changes to these terms

If we change these terms, we will tell you before they take effect. Playing on afterwards means you accept them.`,
  },
  {
    kind: 'page',
    slug: 'privacy',
    title: 'Privacy policy',
    summary: 'Which data we handle, why, for how long, and how to use your rights.',
    body: `## The data we handle

- **Sign-up details:** first and last name, date of birth, address, e-mail address, phone number and currency.
- **Play and payment records:** deposits, withdrawals, bets and their outcomes. Of a card we keep only the brand and the last four digits.
- **Technical data:** the IP address and browser you come in with, to protect your account and apply the country restrictions.
- **Verification documents** you send us when we ask for them.

## What we use it for

To open and run your account, process payments, check your age and identity, prevent fraud and money laundering, meet our legal duties and answer your messages. We do not sell your data.

## Cookies

We use only the cookies the site needs to work: the session cookie, encrypted and with nothing readable inside, and a device cookie that protects your account against log-in attempts. We use no advertising cookies.

## How long we keep it

While your account is open and, after that, for as long as anti-money-laundering law requires. An account without a log-in for {{dormantAccountMonths}} months is closed once no money of yours is left in it.

## Your rights

You may ask us for access to your data, to correct it, erase it, move it or restrict its use, and you may object to its use. Write to {{supportEmail}} or from [Contact us](/en/contact-us): we answer within {{privacyAnswerMonths}} month at the latest. You may also complain to the data protection authority of your country.`,
  },
  {
    kind: 'page',
    slug: 'responsible',
    title: 'Responsible gaming',
    summary: 'Gaming should be entertainment. Advice to keep it that way, and where to get help.',
    body: `## Play with a clear head

- Decide before you start how much money and how much time you will spend, and stick to it.
- Never play to win back what you lost or to solve money problems.
- Never play with money meant for the bills.
- Take breaks, and do not play when you are tired, upset or have been drinking.

## Warning signs

If you spend more time or money on gaming than you meant to, hide it from the people around you, borrow to play or get restless when you cannot, it is time to stop and ask for help.

## What the site already does

- **Demo mode:** you can try any game with play money, without risking a cent.
- **Net winnings limit:** net winnings beyond {{maxNetWinningsPerDay}} in 24 hours are held for review instead of paid at once.
- **Withdrawal limit:** nobody can withdraw more than {{maxWithdrawalPerMonth}} per month.
- **Deposit limits:** in [My account › Deposit limits](/en/user-management/deposit-limits) you can set the most you deposit per day, per week and per month. A lower limit holds at once; a higher one, or removing one, waits 24 hours and your confirmation. Every deposit method keeps to it.
- **Loss limits:** in [My account › Loss limits](/en/user-management/loss-limits) you can set the most you lose at play per day, per week and per month: what you stake from your real balance less what you win and what is given back, in every game. A stake that, if lost, would take you past a limit is not taken. A lower limit holds at once; a higher one, or removing one, waits 24 hours and your confirmation.
- **Session-time limit:** in [My account › Safer gambling](/en/user-management/responsible-gaming) you can set how long one log-in may last, from 15 minutes to 12 hours. When a session reaches it you are logged out and its games end. A lower limit holds at once, for the session you are in too; a higher one, or removing it, waits 24 hours and your confirmation.
- **Breaks, self-exclusion and closing:** in [My account › Safer gambling](/en/user-management/responsible-gaming) you can take a break from 24 hours to 6 weeks, exclude yourself from 30 days to 5 years or for good, or close your account. It starts as soon as you confirm, signs out every session and cannot be undone before it ends: until then the account cannot log in, deposit, play or receive bonuses.

If you are worried about how you play, write to us from [Contact us](/en/contact-us) or at {{supportEmail}}: a person will answer.

## Minors

Gambling is forbidden to anyone under {{minimumAge}}. We check every player's age, and we recommend parental controls on devices you share with children.

## Where to get help

If you think you have a gambling problem, talk to your doctor or contact a gambling support charity in your country: help is free and confidential.`,
  },
  {
    kind: 'page',
    slug: 'refund-policy',
    title: 'Refund policy',
    summary: 'When you can ask us to pay back a deposit, and how.',
    body: `## When a refund is possible

- You may ask for a deposit to be refunded within **{{refundWindowHours}} hours** of the transaction.
- If a minor or someone else used your account without your permission, the window is **{{refundMisuseDays}} days**; we will ask you for proof of what happened.
- **There is no refund** of a deposit that has already been played, even in part.

## How to ask

Write to us from [Contact us](/en/contact-us) or at {{supportEmail}} with the transaction's reference, which you will find in your account's transaction history. We pay the money back to the method it came from, without fees.

## Chargebacks

Before you ask your bank to reverse a payment, talk to us: it is nearly always settled faster that way. While a payment is disputed, the account stays locked.`,
  },

  // ---- FAQ: sections, then their questions ------------------------------------------------
  { kind: 'faq', slug: 'account', title: 'Account', order: 1, body: '' },
  { kind: 'faq', slug: 'payments', title: 'Payments', order: 2, body: '' },
  { kind: 'faq', slug: 'games', title: 'Games', order: 3, body: '' },
  { kind: 'faq', slug: 'safety', title: 'Safety and responsible gaming', order: 4, body: '' },
  {
    kind: 'faq',
    section: 'account',
    slug: 'how-to-register',
    title: 'How do I sign up?',
    order: 1,
    body: 'Press **Register**, fill in the form and open the link in the e-mail we send you to activate the account. You must be over {{minimumAge}}.',
  },
  {
    kind: 'faq',
    section: 'account',
    slug: 'several-accounts',
    title: 'Can I have more than one account?',
    order: 2,
    body: 'No. There is one account per person; duplicate accounts are closed.',
  },
  {
    kind: 'faq',
    section: 'account',
    slug: 'verification',
    title: 'Which documents will you ask for to check my identity?',
    order: 3,
    body: 'An identity document and a proof of address no older than {{kycProofMaxAgeMonths}} months, as {{kycFileTypes}} files of up to {{kycMaxFileMegabytes}} MB. You will have {{kycDeadlineDays}} days from our request.',
  },
  {
    kind: 'faq',
    section: 'account',
    slug: 'inactive-account',
    title: 'What happens if I stop using my account?',
    order: 4,
    body: 'After {{dormantAccountMonths}} months without a log-in, the account is closed: we write to you a month before, and logging in once keeps it open. While money of yours is left in it, it stays open for you to withdraw it.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'deposit-methods',
    title: 'How can I deposit?',
    order: 1,
    body: 'By card, bank transfer, prepaid voucher, Bitcoin or USDT, from {{minDeposit}} up to {{maxDeposit}} each time and without fees.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'withdrawal-conditions',
    title: 'When can I withdraw my money?',
    order: 2,
    body: 'Once you have wagered your deposit {{wageringMultiplier}} times. The smallest withdrawal is {{minWithdrawal}} and the most is {{maxWithdrawalPerMonth}} per month. Above {{extraVerificationAbove}} we will ask for an extra check.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'fees',
    title: 'Do you charge fees?',
    order: 3,
    body: 'No. Deposits and withdrawals are free.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'refunds',
    title: 'Can I ask for a deposit back?',
    order: 4,
    body: 'Yes, within {{refundWindowHours}} hours and as long as you have not played it. See the [Refund policy](/en/refund-policy).',
  },
  {
    kind: 'faq',
    section: 'games',
    slug: 'demo-mode',
    title: 'Can I try the games for free?',
    order: 1,
    body: 'Yes. Every game has a demo mode with play money; to play for real money you need to log in.',
  },
  {
    kind: 'faq',
    section: 'games',
    slug: 'fairness',
    title: 'How do I know the outcomes are fair?',
    order: 2,
    body: 'Every round of our own games can be checked with its seeds on the [Provably fair](/en/provably-fair) page.',
  },
  {
    kind: 'faq',
    section: 'games',
    slug: 'winnings-limit',
    title: 'Is there a limit on winnings?',
    order: 3,
    body: 'Yes: net winnings (what you win less what you stake) are capped at {{maxNetWinningsPerDay}} per 24 hours. Anything won beyond that is held while we review it and shows in your bet history; we then pay it or tell you why not.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'self-exclusion',
    title: 'Can I take a break or exclude myself?',
    order: 4,
    body: 'Yes, yourself and at once, in [My account › Safer gambling](/en/user-management/responsible-gaming): a break from 24 hours to 6 weeks, a self-exclusion from 30 days to 5 years or for good, or closing the account. Every session of yours is signed out and, until it ends, the account cannot log in, deposit, play or receive bonuses. It cannot be undone early.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'gambling-help',
    title: 'Where do I get help if gaming worries me?',
    order: 1,
    body: '[Responsible gaming](/en/responsible) lists the warning signs and where to get help. You can also write to us from [Contact us](/en/contact-us): a person will answer.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'complaints',
    title: 'How do I make a complaint?',
    order: 2,
    body: 'Write to us from [Contact us](/en/contact-us). We accept complaints about bets within {{betComplaintDays}} days and about games within {{gameComplaintWeeks}} weeks.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'personal-data',
    title: 'How do I ask for a copy of my data?',
    order: 3,
    body: 'Write to {{supportEmail}}. We answer requests about personal data within {{privacyAnswerMonths}} month at the latest.',
  },

  // ---- the home carousel ------------------------------------------------------------------
  {
    kind: 'slider',
    slug: 'welcome',
    title: 'Your casino, free of fees',
    summary: 'Deposit and withdraw for free from {{minDeposit}}.',
    imageUrl: '/slides/welcome.svg',
    linkUrl: '/en/welcome',
    order: 1,
    body: '',
  },
  {
    kind: 'slider',
    slug: 'games',
    title: 'Fair play you can check',
    summary: 'Slots, roulette, blackjack and dice, every round verifiable.',
    imageUrl: '/slides/games.svg',
    linkUrl: '/en/casino',
    order: 2,
    body: '',
  },
  {
    kind: 'slider',
    slug: 'live',
    title: 'Live roulette',
    summary: 'Bet alongside other players and check every round afterwards.',
    imageUrl: '/slides/live.svg',
    linkUrl: '/en/live-casino',
    order: 3,
    body: '',
  },
]
