import type { ReactNode } from 'react'
import { Form } from 'react-router'
import * as forms from '#ui/form-fields.css.ts'
import { ACTION_KEY_FIELD } from '#app/utils/payments.ts'
import * as money from '../user-management/money.css.ts'

/**
 * An administrator's "no" to an item waiting for a decision (a withdrawal, held winnings): the
 * item's id, the form's action key, the reason the player will read, and the button.
 */
export function ReasonForm(props: {
  id: string
  actionKey: string
  intent: string
  label: string
  children: ReactNode
}) {
  const field = `reason-${props.id}`
  return (
    <Form method="post" className={forms.form}>
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name={ACTION_KEY_FIELD} value={props.actionKey} />
      <div className={forms.field}>
        <label htmlFor={field} className={forms.label}>
          {props.label}
        </label>
        <textarea id={field} name="reason" className={forms.input} required maxLength={500} rows={2} />
      </div>
      <button type="submit" name="intent" value={props.intent} className={money.secondaryButton}>
        {props.children}
      </button>
    </Form>
  )
}
