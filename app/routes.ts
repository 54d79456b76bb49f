import { type RouteConfig, type RouteConfigEntry, index, prefix, route } from '@react-router/dev/routes'

/**
 * Every page exists in Spanish (no prefix) and English (/en): the optional static segment `en?`
 * gives both URLs to one route module; the locale is read from the path. Each area below lists
 * its URLs without it and gets it here, once.
 */
const inBothLanguages = (routes: RouteConfigEntry[]) => prefix('en?', routes)

/** The content pages served at the top level, each the slug of its text in the casino API. */
const CONTENT_PAGES = ['about-us', 'welcome', 'why-choose-us', 'privacy', 'terms', 'refund-policy', 'responsible']
/**
 * The promotion area's own pages (the spec's two promotion sub-pages): Bonuses and Loyalty Points.
 * Nothing is seeded for them and nothing links to them while the casino API has neither feature;
 * they answer 404 unless an operator writes them.
 */
const PROMOTION_PAGES = ['bonuses', 'loyalty-points']

/**
 * The one list of URLs, by area: routes/<area>/ holds an area's modules (named after the URL's
 * first segment where the area has one), with a layout route where its pages share chrome.
 */
export default [
  // site: the start page and the notices of the site as a whole.
  ...inBothLanguages([
    route('', 'routes/site/home.tsx', { id: 'home' }),
    route('restriction', 'routes/site/restriction.tsx'),
  ]),

  // auth: coming in, going out, and the links the casino API mails about an account.
  ...inBothLanguages([
    route('login', 'routes/auth/login.tsx'),
    route('login/code', 'routes/auth/login-code.tsx'),
    route('logout', 'routes/auth/logout.tsx'),
    route('register', 'routes/auth/register.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('reset-password/:token', 'routes/auth/reset-password.tsx'),
    route('activate/:token', 'routes/auth/activate.tsx'),
    route('confirm-email/:token', 'routes/auth/confirm-email.tsx'),
    route('activation/resend', 'routes/auth/resend-activation.tsx'),
  ]),

  // user-management: the player's account, a tab per page under one layout (heading, balance, tabs).
  ...inBothLanguages([
    route('user-management', 'routes/user-management/layout.tsx', { id: 'user-management' }, [
      index('routes/user-management/index.tsx'),
      route('profile', 'routes/user-management/profile.tsx'),
      route('change-password', 'routes/user-management/change-password.tsx'),
      route('sessions', 'routes/user-management/sessions.tsx'),
      route('security', 'routes/user-management/security.tsx'),
      route('verification', 'routes/user-management/verification.tsx'),
      route('deposit-limits', 'routes/user-management/deposit-limits.tsx'),
      route('loss-limits', 'routes/user-management/loss-limits.tsx'),
      route('responsible-gaming', 'routes/user-management/responsible-gaming.tsx'),
      route('deposit', 'routes/user-management/deposit.tsx'),
      route('withdrawal', 'routes/user-management/withdrawal.tsx'),
      route('transactions', 'routes/user-management/transactions.tsx'),
      route('transactions/:id', 'routes/user-management/transaction.tsx'),
      route('bet-history', 'routes/user-management/bet-history.tsx'),
      route('bet-history/:id', 'routes/user-management/bet-round.tsx'),
      route('bonuses', 'routes/user-management/bonuses.tsx'),
      route('loyalty-points', 'routes/user-management/loyalty-points.tsx'),
      route('mailbox', 'routes/user-management/mailbox.tsx'),
      route('mailbox/:id', 'routes/user-management/mailbox-message.tsx'),
    ]),
  ]),

  // admin: the administrator's pages (withdrawals, deposits, vouchers, promo codes, players' ledgers, audit log, support inbox, settings).
  ...inBothLanguages([
    route('admin', 'routes/admin/layout.tsx', { id: 'admin' }, [
      index('routes/admin/index.tsx'),
      route('withdrawals', 'routes/admin/withdrawals.tsx'),
      route('held-winnings', 'routes/admin/held-winnings.tsx'),
      route('kyc', 'routes/admin/kyc.tsx'),
      route('deposits', 'routes/admin/deposits.tsx'),
      route('vouchers', 'routes/admin/vouchers.tsx'),
      route('promo-codes', 'routes/admin/promo-codes.tsx'),
      route('bonus-templates', 'routes/admin/bonus-templates.tsx'),
      route('bonus-templates/:type', 'routes/admin/bonus-template.tsx'),
      route('irregular-play', 'routes/admin/irregular-play.tsx'),
      route('schedules', 'routes/admin/schedules.tsx'),
      route('players', 'routes/admin/players.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('content', 'routes/admin/content.tsx'),
      route('content/new', 'routes/admin/content-entry.tsx', { id: 'admin/content-new' }),
      route('content/:id', 'routes/admin/content-entry.tsx', { id: 'admin/content-entry' }),
      route('support', 'routes/admin/support.tsx'),
      route('support/:id', 'routes/admin/support-message.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
    ]),
  ]),

  // support: the contact form (visitors and players).
  ...inBothLanguages([route('contact-us', 'routes/support/contact-us.tsx')]),

  // games: the lobby, a game's view (its client is the provider's page, framed), round verification.
  ...inBothLanguages([
    route('casino', 'routes/games/lobby.tsx'),
    route('casino/:gameId', 'routes/games/game.tsx'),
    // The Live Casino: the same lobby and game view over the live tables.
    route('live-casino', 'routes/games/lobby.tsx', { id: 'live-lobby' }),
    route('live-casino/:gameId', 'routes/games/game.tsx', { id: 'live-game' }),
    route('provably-fair', 'routes/games/provably-fair.tsx'),
  ]),
  // Game thumbnails, drawn by the server (one URL whatever the language).
  route('game-art/:file', 'routes/games/art.tsx'),
  // An identity document's image, for administrators (ADR 0067): one address in both languages.
  route('admin/kyc/:id/image', 'routes/admin/kyc-image.tsx'),

  // content: the site's texts from the casino API (pages, FAQ, promotions); one module serves the
  // plain pages, its slug the URL's last segment.
  ...inBothLanguages([
    ...CONTENT_PAGES.map((path) => route(path, 'routes/content/page.tsx', { id: `content/${path}` })),
    route('faq', 'routes/content/faq.tsx', { id: 'content/faq' }),
    route('faq/:id', 'routes/content/faq.tsx', { id: 'content/faq-section' }),
    route('promotion', 'routes/content/promotions.tsx'),
    ...PROMOTION_PAGES.map((path) =>
      route(`promotion/${path}`, 'routes/content/page.tsx', { id: `content/promotion/${path}` }),
    ),
    route('promotion/:id', 'routes/content/promotion.tsx'),
  ]),

  // payments: the card issuer's 3-D Secure challenge, on the site's own origin.
  ...inBothLanguages([route('threedsecure', 'routes/payments/threedsecure.tsx')]),

  // Any other URL, in either language: a translated 404 page.
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig
