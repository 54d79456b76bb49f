/**
 * Site content from Markdown to the HTML players read: the settings' numbers are put into the
 * text first ({{placeholders}}, so the terms, the FAQ and the help pages state the rules the
 * casino API applies), then marked renders it and sanitize-html keeps only an allow-list of
 * tags and attributes. Whatever an administrator (or a stolen admin session) writes, the answer
 * carries no script, no event handler, no style, no frame and no javascript: or data: link;
 * links that leave the site get rel="noopener noreferrer".
 */
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { formatMoney, formatNumber, INTL_LOCALES, type Locale, type SiteSettings } from '../../contract/index.ts'

/**
 * The values texts may name, written as the pages write them (contract/format.ts): a limit of
 * 2500 € reads '2.500 €' in the terms as on the deposit page.
 */
export function ruleValues(settings: SiteSettings, locale: Locale): Record<string, string> {
  const money = (cents: number) => formatMoney(cents, settings.currency, locale, { wholeWithoutCents: true })
  const number = (n: number) => formatNumber(n, locale, { maximumFractionDigits: 3 })
  const list = (items: string[]) => new Intl.ListFormat(INTL_LOCALES[locale], { type: 'disjunction' }).format(items)
  const { limits, rules } = settings
  return {
    siteName: settings.siteName,
    supportEmail: settings.supportEmail,
    currencyLabel: settings.currencyLabel,
    minDeposit: money(limits.minDeposit),
    maxDeposit: money(limits.maxDeposit),
    minWithdrawal: money(limits.minWithdrawal),
    maxWithdrawalPerMonth: money(limits.maxWithdrawalPerMonth),
    maxNetWinningsPerDay: money(limits.maxNetWinningsPerDay),
    extraVerificationAbove: money(limits.extraVerificationAbove),
    wageringMultiplier: number(limits.wageringMultiplier),
    minimumAge: number(rules.minimumAge),
    kycDeadlineDays: number(rules.kycDeadlineDays),
    kycFileTypes: list(rules.kycFileTypes),
    kycMaxFileMegabytes: number(rules.kycMaxFileMegabytes),
    kycProofMaxAgeMonths: number(rules.kycProofMaxAgeMonths),
    refundWindowHours: number(rules.refundWindowHours),
    refundMisuseDays: number(rules.refundMisuseDays),
    bonusCashOutMaxMultiplier: number(rules.bonusCashOutMaxMultiplier),
    irregularPlayPercent: number(rules.irregularPlayPercent),
    betComplaintDays: number(rules.betComplaintDays),
    gameComplaintWeeks: number(rules.gameComplaintWeeks),
    limitedAccountWithdrawalPercent: number(rules.limitedAccountWithdrawalPercent),
    selfExclusionMaxDays: number(rules.selfExclusionMaxDays),
    dormantAccountMonths: number(rules.dormantAccountMonths),
    privacyAnswerMonths: number(rules.privacyAnswerMonths),
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g

/** `{{name}}` → its value; an unknown name stays as written, so the editor's preview shows the mistake. */
export function fillPlaceholders(text: string, values: Record<string, string>) {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole))
}

// One parser for the whole service, without the global defaults another module might change.
const markdown = new Marked({ gfm: true, breaks: false, async: false })

const isExternal = (href: string) => /^https?:\/\//i.test(href)

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'blockquote',
    'code',
    'pre',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The page's title is its h1: a text's headings start at h2.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const { href, title } = attribs
      const kept: Record<string, string> = {}
      if (href !== undefined) kept.href = href
      if (title !== undefined) kept.title = title
      if (href !== undefined && isExternal(href)) kept.rel = 'noopener noreferrer'
      return { tagName, attribs: kept }
    },
  },
  // Unknown tags go, their text stays; these go with everything inside them.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
}

/** Any HTML through the allow-list (also the last step of renderMarkdown). */
export function sanitize(html: string) {
  return sanitizeHtml(html, SANITIZE)
}

/** Markdown (with the settings' values put in) → sanitized HTML. */
export function renderMarkdown(body: string, values: Record<string, string>) {
  const html = markdown.parse(fillPlaceholders(body, values), { async: false })
  return sanitize(html)
}

/** A short plain text (titles, summaries, questions) with the values put in; React escapes it. */
export const renderText = (text: string, values: Record<string, string>) => fillPlaceholders(text, values)
