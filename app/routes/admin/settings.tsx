import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import type { EditableSiteSettings } from '#contract'
import { parseIpRange } from '#casino-api/contract/site/ip.ts'
import * as forms from '#ui/form-fields.css.ts'
import { ErrorList, SubmitButton, useMessageText } from '#app/components/forms.tsx'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { clearSiteSettingsCache } from '#app/upstream/site.server.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { packedCountryOptions, unpackCountryOptions } from '#app/utils/countries.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Route } from './+types/settings'
import { adminRead } from './admin.server.ts'
import * as styles from './settings.css.ts'

/** What the form shows: the stored settings, or what the administrator sent when it was refused. */
type Values = {
  siteAccess: boolean
  withdrawalCancellation: boolean
  countries: string[]
  ips: string
  timeZone: string
}

const valuesOf = (settings: EditableSiteSettings): Values => ({
  siteAccess: settings.siteAccess,
  withdrawalCancellation: settings.withdrawalCancellation,
  countries: settings.countryBlackList ?? [],
  ips: (settings.ipBlackList ?? []).join('\n'),
  timeZone: settings.timeZone,
})

// Every country's flag as a picture (flag-icons), not as an emoji: Windows and Chromium without
// an emoji font draw a flag emoji as two letters or empty boxes. Each is a file of the build,
// loaded lazily as the list scrolls; none is precached by the service worker.
const FLAGS = import.meta.glob<string>('/node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
})
const flagOf = (code: string) => FLAGS[`/node_modules/flag-icons/flags/4x3/${code.toLowerCase()}.svg`]

/**
 * /admin/settings: geo-blocking (countries and ip addresses or ranges), the site access switch
 * and whether players may cancel a pending withdrawal. The casino API validates, saves and
 * audits; this web server drops its copy of the settings at once, so the next page here is
 * checked against the new blacklists.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const { settings } = await adminRead(args, 'get_site_settings', {})
  // Named on the server and packed (see countries.ts).
  return { values: valuesOf(settings), countries: packedCountryOptions(requestLocale(args)) }
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args)
  const form = await args.request.formData()
  const values: Values = {
    siteAccess: form.get('siteAccess') === 'on',
    withdrawalCancellation: form.get('withdrawalCancellation') === 'on',
    countries: form.getAll('countryBlackList').map(String),
    ips: String(form.get('ipBlackList') ?? '').replace(/\r\n/g, '\n'),
    timeZone: String(form.get('timeZone') ?? ''),
  }
  // A form without the field (one sent from an older page) keeps the stored zone.
  const timeZone = form.has('timeZone') ? values.timeZone : undefined
  const saved = await callUpstream(args, 'update_site_settings', {
    siteAccess: values.siteAccess,
    withdrawalCancellation: values.withdrawalCancellation,
    countryBlackList: values.countries,
    ipBlackList: values.ips,
    timeZone,
  })
  if (!saved.ok) {
    if (saved.status >= 500) throw upstreamUnavailable()
    // 'ipBlackList.3' is the fourth entry: the page shows the field's messages once, and the lines.
    const fields: Record<string, string[]> = {}
    for (const [key, codes] of Object.entries(saved.fields ?? {})) {
      const list = (fields[key.split('.')[0]!] ??= [])
      for (const code of codes) if (!list.includes(code)) list.push(code)
    }
    const badLines = values.ips
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !parseIpRange(line))
    return data({ values, code: saved.code, fields, badLines }, { status: saved.status })
  }
  clearSiteSettingsCache()
  return redirectWithToast(args, '/admin/settings', { type: 'success', code: 'settings_saved' })
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const values = actionData?.values ?? loaderData.values
  const fields: Record<string, readonly string[]> = actionData?.fields ?? {}
  const countries = unpackCountryOptions(loaderData.countries)
  const blocked = new Set(values.countries)
  const invalid = (name: string) => (fields[name]?.length ? true : undefined)
  // A new key per answer: the fields show what was sent back, with or without JavaScript.
  const formKey = JSON.stringify(values)
  return (
    <>
      <h2>{t('admin.settings.heading')}</h2>
      <p className={forms.intro}>{t('admin.settings.intro')}</p>
      {actionData?.code ? (
        <div role="alert" className={forms.formError}>
          <p>{text(actionData.code)}</p>
        </div>
      ) : null}
      <Form method="post" className={forms.form} key={formKey}>
        <fieldset
          className={styles.fieldset}
          aria-describedby={invalid('countryBlackList') ? 'countries-help countryBlackList-error' : 'countries-help'}
        >
          <legend className={forms.label}>{t('admin.settings.countries')}</legend>
          <p id="countries-help" className={forms.help}>
            {values.countries.length
              ? t('admin.settings.countriesBlocked', {
                  count: values.countries.length,
                  list: values.countries.join(', '),
                })
              : t('admin.settings.countriesNone')}
          </p>
          <ErrorList id="countryBlackList-error" errors={fields.countryBlackList} />
          <ul className={styles.countries}>
            {countries.map((country) => (
              <li key={country.value} className={forms.checkRow}>
                <input
                  id={`country-${country.value}`}
                  type="checkbox"
                  name="countryBlackList"
                  value={country.value}
                  defaultChecked={blocked.has(country.value)}
                  className={forms.checkbox}
                />
                <label htmlFor={`country-${country.value}`} className={forms.checkLabel}>
                  {flagOf(country.value) ? (
                    <img
                      src={flagOf(country.value)}
                      alt=""
                      width={20}
                      height={15}
                      loading="lazy"
                      className={styles.flag}
                    />
                  ) : null}{' '}
                  {country.label} ({country.value})
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className={forms.field}>
          <label htmlFor="ipBlackList" className={forms.label}>
            {t('admin.settings.ips')}
          </label>
          <textarea
            id="ipBlackList"
            name="ipBlackList"
            rows={6}
            defaultValue={values.ips}
            spellCheck={false}
            className={`${forms.input} ${forms.textarea}`}
            aria-invalid={invalid('ipBlackList')}
            aria-describedby={fields.ipBlackList?.length ? 'ipBlackList-help ipBlackList-error' : 'ipBlackList-help'}
          />
          <p id="ipBlackList-help" className={forms.help}>
            {t('admin.settings.ipsHelp')}
          </p>
          {fields.ipBlackList?.length ? (
            <ul id="ipBlackList-error" className={forms.errorList}>
              {fields.ipBlackList.map((code) => (
                <li key={code}>{text(code)}</li>
              ))}
              {actionData?.badLines.length ? (
                <li>{t('admin.settings.badLines', { list: actionData.badLines.join(', ') })}</li>
              ) : null}
            </ul>
          ) : null}
        </div>
        <SettingSwitch
          name="siteAccess"
          checked={values.siteAccess}
          label={t('admin.settings.siteAccess')}
          note={t('admin.settings.siteAccessWarning')}
          noteClassName={styles.warning}
        />
        <SettingSwitch
          name="withdrawalCancellation"
          checked={values.withdrawalCancellation}
          label={t('admin.settings.withdrawalCancellation')}
          note={t('admin.settings.withdrawalCancellationHelp')}
          noteClassName={forms.help}
        />
        <div className={forms.field}>
          <label htmlFor="timeZone" className={forms.label}>
            {t('admin.settings.timeZone')}
          </label>
          <input
            id="timeZone"
            name="timeZone"
            defaultValue={values.timeZone}
            spellCheck={false}
            autoComplete="off"
            className={forms.input}
            aria-invalid={invalid('timeZone')}
            aria-describedby={fields.timeZone?.length ? 'timeZone-help timeZone-error' : 'timeZone-help'}
          />
          <p id="timeZone-help" className={forms.help}>
            {t('admin.settings.timeZoneHelp')}
          </p>
          {fields.timeZone?.length ? (
            <ul id="timeZone-error" className={forms.errorList}>
              {fields.timeZone.map((code) => (
                <li key={code}>{text(code)}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <SubmitButton>{t('admin.settings.save')}</SubmitButton>
      </Form>
    </>
  )
}

/** A yes/no setting: its box, its label and the note that says what it does. */
function SettingSwitch(props: { name: string; checked: boolean; label: string; note: string; noteClassName: string }) {
  const noteId = `${props.name}-note`
  return (
    <div className={forms.checkField}>
      <div className={forms.checkRow}>
        <input
          id={props.name}
          name={props.name}
          type="checkbox"
          defaultChecked={props.checked}
          className={forms.checkbox}
          aria-describedby={noteId}
        />
        <label htmlFor={props.name} className={forms.checkLabel}>
          {props.label}
        </label>
      </div>
      <p id={noteId} className={props.noteClassName}>
        {props.note}
      </p>
    </div>
  )
}
