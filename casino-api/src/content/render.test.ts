import { expect, test } from 'vitest'
import { unsafeParts, XSS_PAYLOADS } from '../../tests/xss-payloads.ts'
import { fillPlaceholders, renderMarkdown, ruleValues, sanitize } from './render.ts'
import { DEFAULT_SETTINGS } from '../site/settings.ts'

test.for(XSS_PAYLOADS)('%s renders to nothing that runs, as Markdown and as HTML', (payload) => {
  for (const html of [renderMarkdown(payload, {}), renderMarkdown(`Text ${payload} text`, {}), sanitize(payload)])
    expect(unsafeParts(html), html).toEqual([])
})

test('a placeholder cannot bring script in either', () => {
  const html = renderMarkdown('Hello {{siteName}}', { siteName: '<img src=x onerror=alert(1)>' })
  expect(unsafeParts(html)).toEqual([])
})

test('what texts need is kept: headings from h2, lists, tables, emphasis, site and external links', () => {
  const html = renderMarkdown(
    '# Title\n\n## Part\n\n- **bold** and *italic*\n\n1. one\n\n| a | b |\n| - | -: |\n| 1 | 2 |\n\n[terms](/terms) [out](https://example.org "Example") help@example.org',
    {},
  )
  expect(html).toContain('<h2>Title</h2>')
  expect(html).toContain('<h2>Part</h2>')
  expect(html).toContain('<li><strong>bold</strong> and <em>italic</em></li>')
  expect(html).toContain('<ol>')
  expect(html).toContain('<td align="right">2</td>')
  expect(html).toContain('<a href="/terms">terms</a>')
  expect(html).toContain('<a href="https://example.org" title="Example" rel="noopener noreferrer">out</a>')
  expect(html).toContain('<a href="mailto:help@example.org">help@example.org</a>')
})

test("the settings' values, formatted for each language; an unknown name stays visible", () => {
  const es = ruleValues(DEFAULT_SETTINGS, 'es')
  const en = ruleValues(DEFAULT_SETTINGS, 'en')
  expect(es.maxWithdrawalPerMonth).toBe('50.000\u00a0€')
  expect(en.maxWithdrawalPerMonth).toBe('€50,000')
  expect(en.extraVerificationAbove).toBe('€2,500')
  // Four digits are grouped in Spanish too, as the pages and the e-mails write amounts.
  expect(es.extraVerificationAbove).toBe('2.500\u00a0€')
  expect(es.maxNetWinningsPerDay).toBe('5.000\u00a0€')
  expect(en.maxNetWinningsPerDay).toBe('€5,000')
  expect(es.kycFileTypes).toBe('PNG, JPEG o GIF')
  expect(en.kycFileTypes).toBe('PNG, JPEG or GIF')
  expect(en.wageringMultiplier).toBe('3')
  expect(fillPlaceholders('{{ wageringMultiplier }}× and {{nope}}', en)).toBe('3× and {{nope}}')
})
