// The administrator's settings calls: geo-blocking (countries, ips and CIDR ranges), the site
// access switch and withdrawal cancellation, validated, admin-only and audited; and the country
// that loopback addresses count as (GEO_LOCAL_COUNTRY), which lets a local test be geo-blocked.
import { expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { players } from '../src/db/schema.ts'
import { audit } from '../src/payments/audit.ts'
import { activePlayer, backends, login, useApis, adminToken } from './helpers.ts'

const api = useApis({ geoLocalCountry: 'ES' })

const OPEN = { siteAccess: true, withdrawalCancellation: true, countryBlackList: [], ipBlackList: '' }

test.for(backends)(
  'an administrator blacklists a country and ranges; the visitors in them are refused, and again let in once removed [%s]',
  async (backend) => {
    const a = api(backend)
    const token = await adminToken(a)
    const { params } = await activePlayer(a)
    const saved = await a.ok(
      'update_site_settings',
      {
        ...OPEN,
        countryBlackList: ['us', 'ES', 'US'],
        ipBlackList: '203.0.113.0/24\r\n\n 2001:db8::/32 \n198.51.100.7',
      },
      { token },
    )
    expect(saved).toMatchObject({
      message: 'settings_saved',
      settings: { countryBlackList: ['ES', 'US'], ipBlackList: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'] },
    })
    expect((await a.ok('get_site_settings', {}, { token })).settings).toEqual(saved.settings)
    expect(await a.ok('get_setting', {})).toMatchObject({ countryBlackList: ['ES', 'US'] })

    // Loopback counts as Spain here, so a local visitor is from a blacklisted country.
    expect(await a.ok('geolocation', {}, { ip: '127.0.0.1' })).toEqual({ ip: '127.0.0.1', countryCode: 'ES' })
    for (const ip of ['127.0.0.1', '8.8.8.8', '203.0.113.77', '2001:db8:5::1', '198.51.100.7'])
      expect((await a.fail('login', { username: params.username, password: params.password }, 403, { ip })).code).toBe(
        'country_restricted',
      )

    await a.ok('update_site_settings', OPEN, { token })
    expect(await a.ok('get_site_settings', {}, { token })).toEqual({
      settings: {
        siteAccess: true,
        withdrawalCancellation: true,
        countryBlackList: null,
        ipBlackList: null,
        timeZone: 'Europe/Madrid',
      },
    })
    await login(a, params.username, params.password, { ip: '203.0.113.77' })
    await login(a, params.username, params.password, { ip: '127.0.0.1' })
  },
)

test.for(backends)(
  'each change is in the audit log with the values before and after; a resend adds none [%s]',
  async (backend) => {
    const a = api(backend)
    const token = await adminToken(a)
    await a.ok('update_site_settings', OPEN, { token })
    const changed = { ...OPEN, siteAccess: false, withdrawalCancellation: false, countryBlackList: ['FR'] }
    const audited = async () =>
      (await a.ok('get_admin_audit', {}, { token })).items.filter((i) => i.action === 'settings_updated')
    const before = (await audited()).length
    await a.ok('update_site_settings', changed, { token })
    await a.ok('update_site_settings', changed, { token })
    const entries = await audited()
    // The resend changed nothing, so it wrote no entry.
    expect(entries).toHaveLength(before + 1)
    expect(entries[0]).toMatchObject({
      admin: 'admin',
      details: {
        changed: ['siteAccess', 'countryBlackList', 'withdrawalCancellation'],
        before: { siteAccess: true, countryBlackList: null, withdrawalCancellation: true },
        after: { siteAccess: false, countryBlackList: ['FR'], withdrawalCancellation: false },
      },
    })
    expect(await a.ok('get_setting', {})).toMatchObject({ siteAccess: false, withdrawalCancellation: false })
    await a.ok('update_site_settings', OPEN, { token })
  },
)

test.for(backends)('two administrators saving at once: both saves apply, one after the other [%s]', async (backend) => {
  const a = api(backend)
  const token = await adminToken(a)
  await a.ok('update_site_settings', OPEN, { token })
  const saves = await Promise.all(
    ['FR', 'IT'].map((country) => a.ok('update_site_settings', { ...OPEN, countryBlackList: [country] }, { token })),
  )
  const final = (await a.ok('get_site_settings', {}, { token })).settings.countryBlackList
  expect(saves.map((s) => s.settings.countryBlackList)).toContainEqual(final)
  // Each audit row starts from what the other left: one from nothing, the next from the first.
  const entries = (await a.ok('get_admin_audit', {}, { token })).items.filter((i) => i.action === 'settings_updated')
  expect(entries[0]?.details?.before).toEqual(entries[1]?.details?.after)
  await a.ok('update_site_settings', OPEN, { token })
})

test.for(backends)(
  'the audit log reads in the order the changes were written, though the later one carries the earlier clock [%s]',
  async (backend) => {
    const a = api(backend)
    const token = await adminToken(a)
    const [admin] = await a.db.select({ id: players.id }).from(players).where(eq(players.username, 'admin'))
    const adminId = admin!.id
    // The request that waited on the lock read its clock first, so it writes the earlier time.
    const read = new Date()
    await audit(a.db, { adminId, action: 'settings_updated', target: 'first', at: new Date(read.getTime() + 1000) })
    await audit(a.db, { adminId, action: 'settings_updated', target: 'second', at: read })
    const [last, before] = (await a.ok('get_admin_audit', {}, { token })).items
    expect([last?.target, before?.target]).toEqual(['second', 'first'])
  },
)

test.for(backends)(
  'unknown countries, addresses that are not IPs or ranges and overlong lists are refused under their field [%s]',
  async (backend) => {
    const a = api(backend)
    const token = await adminToken(a)
    const refused = await a.fail(
      'update_site_settings',
      {
        ...OPEN,
        countryBlackList: ['ES', 'ZZ'],
        ipBlackList: '203.0.113.9\n203.0.113.0/33\nexample.com\n2001:db8::/129',
      },
      400,
      { token },
    )
    expect(refused.code).toBe('validation_failed')
    expect(refused.fields).toEqual({
      'countryBlackList.1': ['invalid_value'],
      'ipBlackList.1': ['invalid_ip_range'],
      'ipBlackList.2': ['invalid_ip_range'],
      'ipBlackList.3': ['invalid_ip_range'],
    })
    const many = Array.from({ length: 501 }, (_, i) => `10.${i >> 8}.${i & 255}.1`).join('\n')
    expect((await a.fail('update_site_settings', { ...OPEN, ipBlackList: many }, 400, { token })).fields).toEqual({
      ipBlackList: ['list_too_long'],
    })
    // Nothing was saved.
    expect((await a.ok('get_site_settings', {}, { token })).settings).toMatchObject({
      countryBlackList: null,
      ipBlackList: null,
    })
  },
)

test.for(backends)('a player can neither read nor change the settings [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  expect((await a.fail('get_site_settings', {}, 403, { token })).code).toBe('forbidden')
  expect((await a.fail('update_site_settings', { ...OPEN, countryBlackList: ['ES'] }, 403, { token })).code).toBe(
    'forbidden',
  )
  expect((await a.fail('update_site_settings', OPEN, 401)).code).toBe('unauthorized')
  expect(await a.ok('get_setting', {})).toMatchObject({ countryBlackList: null })
})

test.for(backends)(
  "the casino's time zone: an IANA name is saved and audited, another is refused under its field, none keeps it [%s]",
  async (backend) => {
    const a = api(backend)
    const token = await adminToken(a)
    await a.ok('update_site_settings', { ...OPEN, timeZone: 'America/New_York' }, { token })
    try {
      expect(await a.ok('get_setting', {})).toMatchObject({ timeZone: 'America/New_York' })
      const [entry] = (await a.ok('get_admin_audit', {}, { token })).items.filter(
        (i) => i.action === 'settings_updated',
      )
      expect(entry).toMatchObject({
        details: {
          changed: ['timeZone'],
          before: { timeZone: 'Europe/Madrid' },
          after: { timeZone: 'America/New_York' },
        },
      })
      const refused = await a.fail('update_site_settings', { ...OPEN, timeZone: 'Mars/Olympus_Mons' }, 400, { token })
      expect(refused.fields).toEqual({ timeZone: ['time_zone_invalid'] })
      // A caller that does not send it keeps the stored zone.
      const kept = await a.ok('update_site_settings', OPEN, { token })
      expect(kept.settings.timeZone).toBe('America/New_York')
    } finally {
      await a.ok('update_site_settings', { ...OPEN, timeZone: 'Europe/Madrid' }, { token })
    }
  },
)
