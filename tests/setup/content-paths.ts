/** Every content page of the spec (one of each kind of path), without the /en prefix. */
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
  '/promotion/weekly-cashback',
  '/promotion/bonuses',
  '/promotion/loyalty-points',
]
