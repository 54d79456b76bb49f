// Contact us, the Mailbox tab and the administrator's support inbox with JavaScript off, against
// the real casino API: a visitor's and a player's message, the limit per address, the answer in
// the player's mailbox (header count, read, delete) and in a visitor's e-mail.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInAdmin, loggedInPlayer, startTestSite, testDatabases, type TestSite } from '../setup/harness.ts'

const ADMIN_FIRST = 'admin-first-password-2026'
const ADMIN_PASSWORD = 'admin-changed-password-2026'

const adminBrowser = (site: TestSite) => loggedInAdmin(site, Browser, ADMIN_FIRST, ADMIN_PASSWORD)

/** The support inbox's link to the message with this subject. */
function messageLink(html: string, subject: string) {
  const path = html.match(new RegExp(`href="(/(?:en/)?admin/support/[0-9a-f-]{36})"[^>]*>${subject}<`))?.[1]
  if (!path) throw new Error(`no message "${subject}" in the inbox`)
  return path
}

/** The accessible name of the header's mailbox link: its unread count in words. */
const headerLabel = (html: string) =>
  html.match(/<a[^>]*data-mailbox-link[^>]*>/)?.[0].match(/aria-label="([^"]+)"/)?.[1]

/** A visitor's contact message, a different sender each time. */
const visitorMessage = (n: number) => ({
  name: 'Pablo',
  email: `pablo${n}@example.com`,
  subject: `Pregunta ${n}`,
  message: 'Hola',
})

for (const database of testDatabases()) {
  describe(`contact and mailbox without JavaScript on ${database.name}`, () => {
    let site: TestSite
    let admin: Browser
    beforeAll(async () => {
      site = await startTestSite({
        database,
        adminPassword: ADMIN_FIRST,
        api: { rateLimits: { contactMessage: { perIp: { points: 3, durationSeconds: 3600 } } } },
      })
      admin = await adminBrowser(site)
    })
    afterAll(async () => {
      await site?.close()
    })

    test('a visitor writes in Spanish and in English; mistakes keep what was typed; the answer comes by e-mail', async () => {
      const visitor = new Browser(site.webUrl, { 'x-forwarded-for': '198.51.100.7' })
      const page = await visitor.get('/contact-us')
      expect(page.status).toBe(200)
      expect(textOf(page.html)).toContain('Contacto')
      expect(page.html).toMatch(/<label[^>]*for="[^"]+"[^>]*>Correo electrónico<\/label>/)

      const missing = await visitor.post('/contact-us', {
        name: 'Marta',
        email: 'no-es-correo',
        subject: 'Mi bono',
        message: '',
      })
      expect(missing.status).toBe(400)
      expect(textOf(missing.html)).toContain('Introduce una dirección de correo electrónico válida.')
      expect(textOf(missing.html)).toContain('Este campo es obligatorio.')
      expect(missing.html).toContain('value="Mi bono"')
      expect(missing.html).toContain('value="Marta"')

      const sent = await visitor.post('/contact-us', {
        name: 'Marta',
        email: 'marta@example.com',
        subject: 'Mi bono',
        message: '¿Cuándo se abona el bono semanal?',
      })
      expect(sent.status).toBe(200)
      expect(textOf(sent.html)).toContain('Tu mensaje se ha enviado correctamente.')
      expect(textOf(sent.html)).toContain('Nuestra respuesta llegará por correo a marta@example.com.')

      const english = await visitor.post('/en/contact-us', {
        name: 'Mark',
        email: 'mark@example.com',
        subject: 'Bitcoin withdrawals',
        message: 'How long does a Bitcoin withdrawal take?',
      })
      expect(textOf(english.html)).toContain('Your message has been successfully sent.')

      // The administrator answers the English one: it goes by e-mail, in English.
      const inbox = await admin.get('/en/admin/support')
      expect(inbox.status).toBe(200)
      const path = messageLink(inbox.html, 'Bitcoin withdrawals')
      const opened = await admin.get(path)
      expect(textOf(opened.html)).toContain('How long does a Bitcoin withdrawal take?')
      expect(textOf(opened.html)).toContain('It goes by e-mail to mark@example.com, in English.')
      const answered = await admin.post(path, { answer: 'Usually within one business day.' })
      expect(textOf(answered.html)).toContain('The answer is on its way by e-mail.')
      expect(textOf(answered.html)).toContain('Answered by admin')
      await expect
        .poll(async () => {
          try {
            return (await site.lastMailTo('mark@example.com')).text
          } catch {
            return ''
          }
        })
        .toContain('Usually within one business day.')
      expect((await site.lastMailTo('mark@example.com')).text).toContain('Hello Mark,')
      // Answered once: a second answer is refused, and the text typed stays in the form's place.
      const again = await admin.post(path, { answer: 'Second try' })
      expect(again.status).toBe(409)
      expect(textOf(again.html)).toContain('This message has already been answered.')
      expect(textOf((await admin.get('/en/admin/audit')).html)).toContain('Answered a support message')
    })

    test('too many messages from one address: 429 with a clear message, the input kept', async () => {
      const visitor = new Browser(site.webUrl, { 'x-forwarded-for': '203.0.113.44' })
      for (let n = 0; n < 3; n++) expect((await visitor.post('/contact-us', visitorMessage(n))).status).toBe(200)
      const refused = await visitor.post('/contact-us', visitorMessage(3))
      expect(refused.status).toBe(429)
      expect(textOf(refused.html)).toContain(
        'Se han enviado demasiados mensajes desde tu conexión o a esta dirección. Vuelve a intentarlo dentro de 60 min.',
      )
      expect(refused.html).toContain('value="Pregunta 3"')
      expect(refused.html).toContain('>Hola</textarea>')
      // Another address may still write.
      const other = new Browser(site.webUrl, { 'x-forwarded-for': '203.0.113.45' })
      expect((await other.post('/contact-us', visitorMessage(4))).status).toBe(200)
    })

    test("a player writes as themself; the answer lands in the Mailbox with the header's count; read and delete", async () => {
      const { b, player } = await loggedInPlayer(site, Browser)
      const form = await b.get('/contact-us')
      expect(form.html).toContain(`value="${player.email}"`)
      expect(form.html).toContain('value="Lucía García"')
      expect(textOf(form.html)).toContain(`Escribes como ${player.username}`)
      const sent = await b.post('/contact-us', { subject: 'Mi retirada', message: 'Hola, ¿cuándo llega mi retirada?' })
      expect(textOf(sent.html)).toContain('Tu mensaje se ha enviado correctamente.')
      expect(textOf(sent.html)).toContain('Nuestra respuesta llegará a tu Buzón.')

      const empty = await b.get('/user-management/mailbox')
      expect(textOf(empty.html)).toContain('Tu buzón está vacío.')
      expect(headerLabel(empty.html)).toBe('Buzón: no hay mensajes sin leer')

      // Players have no way into the inbox.
      expect((await b.get('/admin/support')).status).toBe(403)
      expect((await b.post(`/admin/support/${randomUUID()}`, { answer: 'x' })).status).toBe(403)

      const inbox = await admin.get('/admin/support')
      const path = messageLink(inbox.html, 'Mi retirada')
      expect(textOf((await admin.get(path)).html)).toContain('Llega al momento al Buzón del jugador.')
      const answered = await admin.post(path, { answer: 'Hoy mismo.\n\nUn saludo, el equipo.' })
      expect(textOf(answered.html)).toContain('La respuesta está en el Buzón del jugador.')

      const list = await b.get('/user-management/mailbox')
      expect(headerLabel(list.html)).toBe('Buzón: 1 mensaje sin leer')
      expect(textOf(list.html)).toContain('1 mensaje sin leer')
      expect(textOf(list.html)).toContain('Sin leer')
      const id = list.html.match(/href="\/user-management\/mailbox\/([0-9a-f-]{36})"/)?.[1]
      expect(id).toBeTruthy()
      const message = await b.get(`/user-management/mailbox/${id}`)
      expect(textOf(message.html)).toContain('Re: Mi retirada')
      expect(message.html).toContain('<p>Hoy mismo.</p><p>Un saludo, el equipo.</p>')
      // The page that read it shows the new count in the header at once.
      expect(headerLabel(message.html)).toBe('Buzón: no hay mensajes sin leer')
      expect(textOf((await b.get('/en/user-management/mailbox')).html)).toContain('No unread messages.')

      // Another player cannot open or delete it.
      const { b: other } = await loggedInPlayer(site, Browser)
      expect((await other.get(`/user-management/mailbox/${id}`)).status).toBe(404)
      const foreign = await other.post('/user-management/mailbox', { intent: 'delete', id: id! })
      expect(textOf(foreign.html)).toContain('No hemos encontrado esta página.')

      const deleted = await b.post(`/user-management/mailbox/${id}`, { intent: 'delete', id: id! })
      expect(deleted.url).toBe(`${site.webUrl}/user-management/mailbox`)
      expect(textOf(deleted.html)).toContain('El mensaje se ha eliminado.')
      expect(textOf(deleted.html)).toContain('Tu buzón está vacío.')
      expect((await b.get(`/user-management/mailbox/${id}`)).status).toBe(404)
    })

    test('a message from the casino shows under Unread, as text, never as markup', async () => {
      const { b, player } = await loggedInPlayer(site, Browser)
      const found = (await site.api.db.execute(
        (await import('drizzle-orm')).sql`SELECT id FROM players WHERE username = ${player.username}`,
      )) as unknown as { rows: { id: string }[] }
      const { writeMailboxMessage } = await import('#casino-api/src/mailbox/messages.ts')
      // Written the way every message is: in a transaction of the casino API's own.
      await site.api.db.transaction((tx) =>
        writeMailboxMessage(tx, {
          playerId: found.rows[0]!.id,
          category: 'account',
          subject: 'Bienvenida',
          body: 'Hola <b>y bienvenida</b>.',
          at: new Date(),
        }),
      )
      const list = await b.get('/user-management/mailbox?show=unread')
      expect(textOf(list.html)).toContain('Bienvenida')
      expect(textOf(list.html)).toContain('Cuenta')
      const id = list.html.match(/href="\/user-management\/mailbox\/([0-9a-f-]{36})"/)?.[1]
      const message = await b.get(`/user-management/mailbox/${id}`)
      expect(message.html).toContain('Hola &lt;b&gt;y bienvenida&lt;/b&gt;.')
    })
  })
}
