// Debian Chromium driven by playwright-core, as a player would use the site.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { type Browser, type BrowserContext, type FrameLocator, type Page, chromium } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { adminSecretOf, loggedInAdmin, newPlayer, startTestSite, type TestSite } from './harness.ts'
import { appCode } from '#casino-api/tests/authenticator.ts'
import { Browser as HttpBrowser } from './http.ts'
import { resources } from '#locales/index.ts'

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))

/**
 * Browser tests may be skipped only on a developer machine without Chromium; in CI (CI set)
 * a missing browser fails the run.
 */
export const skipBrowserTests = !CHROMIUM && !process.env.CI

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

function chromiumPath() {
  if (!CHROMIUM) throw new Error('Debian chromium is not installed (apt-get install chromium fonts-liberation)')
  return CHROMIUM
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
}

/**
 * A Chromium of its own with a profile on disk (a temporary folder, removed on close), with the
 * service worker allowed: what a browser's incognito window cannot do, such as installing the site.
 */
export async function launchWithProfile(baseURL: string): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'casino-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    baseURL,
    serviceWorkers: 'allow',
  })
  context.setDefaultTimeout(30_000)
  // Chromium's helper processes can still be writing to the profile as the context closes:
  // the removal retries (ENOTEMPTY, EBUSY) rather than fail the test file that closed it.
  context.on('close', () => rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }))
  return context
}

export async function newContext(
  browser: Browser,
  /** `locale`: the browser's own language (Intl's default), e.g. a Spanish phone reading /en. */
  opts: {
    javaScript: boolean
    baseURL: string
    locale?: string
    viewport?: { width: number; height: number }
    /** 'reduce': the player asked their system for less motion (prefers-reduced-motion). */
    reducedMotion?: 'reduce' | 'no-preference'
  },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: opts.javaScript,
    baseURL: opts.baseURL,
    locale: opts.locale,
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    serviceWorkers: 'block',
  })
  // Generous for a busy machine: every wait is on a condition, so a fast run is not slowed down.
  context.setDefaultTimeout(30_000)
  if (!opts.javaScript) scriptless.add(context)
  return context
}

/** A page in a context of its own, with its uncaught exceptions and console errors collected. */
export async function pageWithErrors(browser: Browser, opts: Parameters<typeof newContext>[1]) {
  const context = await newContext(browser, opts)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return { context, page, errors }
}

/** Contexts with JavaScript off: axe runs inside the page and never answers there. */
const scriptless = new WeakSet<BrowserContext>()

/**
 * Waits for the page's finite animations and transitions to end: a dialog or toast still fading
 * in is half transparent, and axe would measure the contrast of its text mid-fade (a busy CI
 * machine caught the log-in dialog so). Endless ones (a spinner, a live table's timer) are left.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity),
          )
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // One that never ends (paused from a script) does not hold the test up.
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  )
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  if (scriptless.has(page.context()))
    throw new Error('axe needs the page to run JavaScript: check this page in a JavaScript-on context')
  await settleAnimations(page)
  const results = await new AxeBuilder({ page }).analyze()
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
  expect(bad, `accessibility on ${page.url()}`).toEqual([])
}

/** Both languages, each with JavaScript on and off: the ways a player meets every page. */
export const LOCALE_MODES = [
  { locale: 'es', javaScript: true },
  { locale: 'es', javaScript: false },
  { locale: 'en', javaScript: true },
  { locale: 'en', javaScript: false },
] as const

/**
 * The ways the player tests meet a page: JavaScript on and off, each in Spanish at a desktop's
 * width and in English at a phone's (`prefix`: the language's path prefix).
 */
export const PLAYER_VIEWS = [true, false].flatMap((javaScript) =>
  (
    [
      ['es', 1280],
      ['en', 390],
    ] as const
  ).map(([locale, width]) => ({ javaScript, locale, width, prefix: locale === 'en' ? '/en' : '' })),
)

/** A test file's casino (web app + casino API on PGlite) and one Chromium, started once for the file. */
export function useSiteInChromium(options?: Parameters<typeof startTestSite>[0]) {
  const env = {} as { site: TestSite; browser: Browser }
  beforeAll(async () => {
    if (skipBrowserTests) return
    env.site = await startTestSite(options)
    env.browser = await launchBrowser()
  })
  afterAll(async () => {
    await env.browser?.close()
    await env.site?.close()
  })
  return env
}

/** Fills every field of the registration form with `player`'s details and ticks the three boxes. */
export async function fillRegistration(page: Page, player: ReturnType<typeof newPlayer>) {
  for (const name of [
    'username',
    'email',
    'password',
    'confirmPassword',
    'phone',
    'firstName',
    'lastName',
    'address',
    'postalCode',
    'city',
  ] as const) {
    await page.locator(`input[name="${name}"]`).fill(player[name])
  }
  await page.locator('input[name="birthday"]').fill(player.birthday)
  await page.locator(`input[name="gender"][value="${player.gender}"]`).check()
  await page.locator('select[name="country"]').selectOption(player.country)
  for (const name of ['ageConfirmed', 'termsAccepted', 'currencyConfirmed'])
    await page.locator(`input[name="${name}"]`).check()
}

/** Logs `player` in through the English log-in page and waits to leave it. */
export async function logInAs(page: Page, player: { username: string; password: string }) {
  await page.goto('/en/login')
  await submitLogIn(page, player.username, player.password)
}

/**
 * Fills and sends the log-in form of the page, and waits to leave it; the administrator's code
 * step (two-factor authentication, which loggedInAdmin turned on) is answered with its app's code.
 */
async function submitLogIn(page: Page, username: string, password: string) {
  await page.locator('main input[name="username"]').fill(username)
  await page.locator('main input[name="password"]').fill(password)
  await page.locator('main form button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
  if (!new URL(page.url()).pathname.endsWith('/login/code')) return
  await page.locator('main input[name="code"]').fill(await appCode(adminSecretOf(page.url())))
  await page.locator('main form button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login/code'))
}

/**
 * A new browser (JavaScript on or off, at `width`) logged in as the player, on the account tab
 * reached as a player reaches it: the account page, then the tab's link in the tabs' navigation.
 */
export async function openAccountTab(
  env: { site: TestSite; browser: Browser },
  player: { username: string; password: string },
  o: { javaScript: boolean; width: number; locale: 'es' | 'en'; tab: string; path: string },
) {
  const prefix = o.locale === 'en' ? '/en' : ''
  const context = await newContext(env.browser, {
    javaScript: o.javaScript,
    baseURL: env.site.webUrl,
    viewport: { width: o.width, height: 900 },
  })
  const page = await context.newPage()
  await logInAs(page, player)
  await page.goto(`${prefix}/user-management`)
  await page
    .getByRole('navigation', { name: resources[o.locale].translation.account.tabs.label })
    .getByRole('link', { name: o.tab })
    .click()
  await page.waitForURL(`**${prefix}${o.path}`)
  return { context, page }
}

/** Fills a withdrawal form's details but the amount: a Spanish bank account or a Bitcoin address. */
export async function fillWithdrawalDetails(page: Page, method: 'bank_transfer' | 'bitcoin') {
  if (method === 'bitcoin') {
    await page.locator('input[name="walletAddress"]').fill('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    return
  }
  await page.locator('input[name="iban"]').fill('ES91 2100 0418 4502 0005 1332')
  await page.locator('input[name="beneficiaryName"]').fill('Lucía García')
  await page.locator('input[name="swift"]').fill('CAIXESBBXXX')
  await page.locator('input[name="bankName"]').fill('CaixaBank')
  await page.locator('input[name="zipCode"]').fill('28013')
  await page.locator('input[name="address"]').fill('Calle Mayor 1')
}

/** The seeded administrator's first password changed to `next`, as the site asks at the first log-in. */
export async function changeAdminPassword(site: TestSite, first: string, next: string) {
  await loggedInAdmin(site, HttpBrowser, first, next)
}

/** A new page of `context` logged in through the login form of the `prefix` language ('' or '/en'). */
export async function loggedInPage(context: BrowserContext, prefix: string, username: string, password: string) {
  const page = await context.newPage()
  await page.goto(`${prefix}/login`)
  await submitLogIn(page, username, password)
  return page
}

const withAmount = (text: string) => text.replace('{{amount}}', '.+')

/** Counts every audio context made and every tone started, in every frame of the context's pages (the games' sound). */
export async function listenForSound(context: BrowserContext) {
  await context.addInitScript(() => {
    const heard = { contexts: 0, tones: [] as number[] }
    Object.assign(window, { heard })
    const Original = window.AudioContext
    window.AudioContext = class extends Original {
      constructor(...args: ConstructorParameters<typeof AudioContext>) {
        super(...args)
        heard.contexts++
      }
    }
    const start = OscillatorNode.prototype.start
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<typeof start>) {
      heard.tones.push(this.frequency.value)
      return start.apply(this, args)
    }
  })
}

/** What the page's game frame has heard so far (listenForSound): audio contexts made, tones' pitches. */
export const soundHeard = (page: Page) =>
  page
    .frames()
    .find((f) => f.url().includes('/game-frame/'))!
    .evaluate(() => (window as unknown as { heard: { contexts: number; tones: number[] } }).heard)

/**
 * Words a game frame's board shows, not their copy in the frame's announcer (the live region
 * tells screen readers what a round showed, in the board's words, once it is at rest).
 */
/** Fun chips in cents, as a game frame writes them ("1000,00 Fichas", "Ganas 2,50 Fichas"). */
export const cents = (text: string) => Number(text.replace(/\D/g, ''))

export const onBoard = (frame: FrameLocator, text: string | RegExp) =>
  frame.getByText(text).and(frame.locator(':not([data-announcer])'))

/**
 * A finished round's result as the game frame says it, in a language's texts ("You win …", "You
 * get back …", "No win this time"), and any other endings the caller's game has.
 */
export function roundResult(frame: { won: string; gotBack: string; lost: string }, ...others: string[]) {
  return new RegExp(`^(${[withAmount(frame.won), withAmount(frame.gotBack), frame.lost, ...others].join('|')})$`)
}
