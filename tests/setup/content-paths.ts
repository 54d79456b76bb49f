/**
 * Every content page of the spec (one of each kind of path), without the /en prefix. No promotion
 * is seeded while the casino API has no bonuses (issue 19, point 12): a promotion's own page is
 * checked where a test writes one.
 */
export const CONTENT_PATHS = [
  '/about-us',
  '/welcome',
  '/why-choose-us',
  '/privacy',
  '/terms',
  '/refund-policy',
  '/responsible',
  '/faq',
  '/faq/payments',
  '/promotion',
]
