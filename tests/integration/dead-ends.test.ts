// The pages of e-mailed links and the login error show where a player stands as soon as they
// open, and offer the next step, without JavaScript (plain requests and form posts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { Browser, textOf } from '../setup/http.ts'
import { newPlayer, startTestSite, type TestSite } from '../setup/harness.ts'

const es = resources.es.translation
const en = resources.en.translation

describe('dead ends of the account pages', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(async () => {
    await site?.close()
  })

  async function registered(language: 'es' | 'en' = 'es') {
    const player = newPlayer({ language })
    const b = new Browser(site.webUrl)
    const page = await b.post(language === 'en' ? '/en/register' : '/register', player)
    expect(page.status).toBe(200)
    const { link } = await site.lastMailTo(player.email)
    return { b, player, path: new URL(link!).pathname }
  }

  test('a used activation link says so when it opens and offers log in and a new e-mail', async () => {
    const { b, path } = await registered()
    const fresh = await b.get(path)
    // Opening the link (as a mail scanner would) does not use it: the button is still there.
    expect(fresh.html).toContain(es.auth.activate.submit)
    expect(textOf((await b.get(path)).html)).toContain(es.auth.activate.submit)
    expect(textOf((await b.post(path, {})).html)).toContain(es.catalogue.account_activated)

    const again = await b.get(path)
    expect(again.status).toBe(200)
    const text = textOf(again.html)
    expect(text).toContain(es.catalogue.activation_link_used)
    expect(text).not.toContain(es.auth.activate.submit)
    expect(again.html).toContain('href="/login"')
    expect(again.html).toContain('href="/activation/resend"')
  })

  test('an unknown activation link offers a new e-mail, in English too', async () => {
    const page = await new Browser(site.webUrl).get(`/en/activate/${'A'.repeat(43)}`)
    expect(textOf(page.html)).toContain(en.catalogue.activation_invalid)
    expect(page.html).toContain('href="/en/activation/resend"')
  })

  test('"not active yet" at login links to a new activation e-mail for that username', async () => {
    const { player } = await registered()
    const b = new Browser(site.webUrl)
    const refused = await b.post('/login', { username: player.username, password: player.password })
    expect(textOf(refused.html)).toContain(es.catalogue.account_not_active)
    const href = `/activation/resend?login=${player.username}`
    expect(refused.html).toContain(`href="${href}"`)

    const form = await b.get(href)
    expect(form.html).toMatch(
      new RegExp(`name="login"[^>]*value="${player.username}"|value="${player.username}"[^>]*name="login"`),
    )
    const sent = await b.post('/activation/resend', { login: player.username })
    expect(sent.status).toBe(200)
    expect(textOf(sent.html)).toContain(es.catalogue.activation_resent)
    // Somebody unknown gets the very same page.
    const unknown = await b.post('/activation/resend', { login: 'nobody_at_all' })
    expect(textOf(unknown.html)).toContain(es.catalogue.activation_resent)
    const empty = await b.post('/activation/resend', { login: '' })
    expect(empty.status).toBe(400)
    expect(textOf(empty.html)).toContain(es.catalogue.field_required)
  })

  test('a used reset link says so when it opens, without the password form', async () => {
    const { b, player, path } = await registered()
    await b.post(path, {})
    await b.post('/forgot-password', { username: player.username, email: player.email })
    const resetPath = new URL((await site.lastMailTo(player.email)).link!).pathname
    expect(resetPath).toMatch(/^\/reset-password\//)
    const open = await b.get(resetPath)
    expect(open.html).toContain('name="password"')
    const done = await b.post(resetPath, { password: 'brand-new-secret', confirmPassword: 'brand-new-secret' })
    expect(textOf(done.html)).toContain(es.catalogue.password_reset_done)

    const again = await new Browser(site.webUrl).get(resetPath)
    const text = textOf(again.html)
    expect(text).toContain(es.catalogue.reset_link_used)
    expect(again.html).not.toContain('name="password"')
    expect(again.html).toContain('href="/forgot-password"')
    expect(again.html).toContain('href="/login"')
  })

  test('a protected page opened while logged out goes home and says why', async () => {
    const b = new Browser(site.webUrl)
    const guarded = await b.get('/en/user-management/profile', false)
    expect(guarded.status).toBe(302)
    expect(guarded.headers.get('location')).toBe('/en')
    const home = await b.get('/en/user-management/profile')
    expect(new URL(home.url).pathname).toBe('/en')
    expect(textOf(home.html)).toContain(en.catalogue.login_required)
    // …and offers to log in right there.
    const toast = /<div role="status"[^>]*>[\s\S]*?<\/p>/.exec(home.html)?.[0] ?? ''
    expect(toast).toContain(en.catalogue.login_required)
    expect(toast).toContain('href="/en/login"')
  })
})
