import { useTranslation } from 'react-i18next'
import { FormStatus } from '#app/components/forms.tsx'
import { useCatalogue } from '#ui/use-catalogue.ts'
import * as forms from '#ui/form-fields.css.ts'
import type { AdminOutcome } from './admin.server.ts'

/** The answer to an admin form: its success message, or what was refused and in which field. */
export function Outcome({ outcome }: { outcome: AdminOutcome | undefined }) {
  const { t } = useTranslation()
  const catalogue = useCatalogue()
  if (!outcome) return null
  if (outcome.ok)
    return (
      <FormStatus>
        <p>{t(outcome.message as 'admin.deposits.cryptoPending', { 0: outcome.args?.[0] })}</p>
      </FormStatus>
    )
  const fields = Object.entries(outcome.fields)
  return (
    <div role="alert" className={forms.formError}>
      <p>{catalogue(outcome.code, outcome.args, 'invalid_value')}</p>
      {fields.length ? (
        <ul>
          {fields.map(([name, codes]) => (
            <li key={name}>
              {t(`admin.fields.${name}`, { defaultValue: name })}:{' '}
              {codes.map((c) => catalogue(c, outcome.args, 'invalid_value')).join(' ')}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
