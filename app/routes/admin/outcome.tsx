import { useTranslation } from 'react-i18next'
import { FormStatus, useMessageText } from '#app/components/forms.tsx'
import * as forms from '#app/components/form-fields.css.ts'
import type { AdminOutcome } from './admin.server.ts'

/** The answer to an admin form: its success message, or what was refused and in which field. */
export function Outcome({ outcome }: { outcome: AdminOutcome | undefined }) {
  const { t } = useTranslation()
  const text = useMessageText()
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
      <p>{text(outcome.code)}</p>
      {fields.length ? (
        <ul>
          {fields.map(([name, codes]) => (
            <li key={name}>
              {t(`admin.fields.${name}`, { defaultValue: name })}: {codes.map((c) => text(c)).join(' ')}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
