import { Form } from 'react-router'
import * as styles from './layout.css.ts'
import * as mailbox from './mailbox.css.ts'

/** A limit's action that needs no input (remove, confirm, drop a change): a form of one button. */
export function LimitButton({
  intent,
  label,
  fields = {},
}: {
  intent: string
  label: string
  /** Hidden fields that say which limit (a deposit limit's period). */
  fields?: Record<string, string>
}) {
  return (
    <Form method="post" className={mailbox.deleteForm}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={mailbox.deleteButton}>
        {label}
      </button>
    </Form>
  )
}

type Action = { intent: string; label: string }

/** A raise or removal waiting: what it is, and its buttons (confirm once due, drop). */
export function PendingChange({
  text,
  due,
  confirm,
  cancel,
  fields,
}: {
  text: string
  due: boolean
  confirm: Action
  cancel: Action
  fields?: Record<string, string>
}) {
  return (
    <>
      <p>{text}</p>
      <div className={styles.limitActions}>
        {due ? <LimitButton {...confirm} fields={fields} /> : null}
        <LimitButton {...cancel} fields={fields} />
      </div>
    </>
  )
}
