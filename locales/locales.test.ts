import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { AUDIT_ACTIONS, DEFAULT_LOCALE, LOCALES, MESSAGE_CODES } from '#contract'
import { resources } from './index.ts'

type Tree = { [k: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv)
  }
  return out
}

/** Every language of the contract's list, each with its catalogue (a language without one fails to compile). */
const catalogues = LOCALES.map((locale) => [locale, flatten(resources[locale].translation as Tree)] as const)
const es = flatten(resources.es.translation as Tree)
const en = flatten(resources.en.translation as Tree)

test("every language has exactly the default language's keys", () => {
  const base = flatten(resources[DEFAULT_LOCALE].translation as Tree)
  for (const [locale, texts] of catalogues) {
    const missing = [...base.keys()].filter((k) => !texts.has(k))
    const extra = [...texts.keys()].filter((k) => !base.has(k))
    expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] })
  }
})

test('no message is empty and interpolations match between the languages', () => {
  const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
  for (const [key, text] of es)
    for (const [locale, texts] of catalogues) {
      expect(texts.get(key)?.trim(), `${key} (${locale})`).not.toBe('')
      expect(vars(texts.get(key) ?? ''), `${key} (${locale})`).toEqual(vars(text))
    }
})

test('every message code of the contract has a catalogue entry', () => {
  const missing = MESSAGE_CODES.filter((code) => !es.has(`catalogue.${code}`))
  expect(missing).toEqual([])
})

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(tsx?)$/.test(name) && !/\.test\./.test(name) ? [path] : []
  })
}

test('every translation key used in the app exists in both languages', () => {
  const used = new Set<string>()
  for (const file of sourceFiles('app')) {
    const src = readFileSync(file, 'utf8')
    // t('a.b'), t("a.b"), i18nKey="a.b" — literal keys only; dynamic catalogue keys are covered above
    for (const m of src.matchAll(/\bt\(\s*['"]([\w-]+(?:\.[\w-]+)+)['"]/g)) used.add(m[1]!)
    for (const m of src.matchAll(/i18nKey=["']([\w-]+(?:\.[\w-]+)+)["']/g)) used.add(m[1]!)
  }
  expect(used.size).toBeGreaterThan(10)
  // A key used with { count } is found through its plural forms (key_one, key_other).
  const has = (lang: Map<string, string>, k: string) => lang.has(k) || (lang.has(`${k}_one`) && lang.has(`${k}_other`))
  const missing = [...used].filter((k) => !has(es, k) || !has(en, k))
  expect(missing).toEqual([])
})

test('every catalogue message is a full sentence: a capital first, a period (or an ellipsis) last, no exclamation mark', () => {
  const wrong = [...es, ...en]
    .filter(([key]) => key.startsWith('catalogue.'))
    .filter(([, text]) => !/^(?:\{\{\d\}\}|[A-ZÁÉÍÓÚÑ¿0-9])/.test(text) || !/[.…]$/.test(text) || /[!¡]/.test(text))
  expect(wrong).toEqual([])
})

test('every action the casino API writes in the audit log has its text in both languages', () => {
  const missing = AUDIT_ACTIONS.flatMap((action) =>
    [es, en].filter((texts) => !texts.has(`admin.audit.actions.${action}`)).map(() => action),
  )
  expect(missing).toEqual([])
})
