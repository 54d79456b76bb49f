import {
  type FieldMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from '@conform-to/react'
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useFormAction, useNavigation } from 'react-router'
import { decodeMessage } from '#app/utils/form-messages.ts'
import { escapeHtml } from '#app/utils/html.ts'
import * as styles from '#ui/form-fields.css.ts'
import { useCatalogue } from '#ui/use-catalogue.ts'
import { useHydrated } from '#ui/use-hydrated.ts'

// Every message these components show is a catalogue code (a zod rule's message or an upstream
// refusal), possibly with values: see app/utils/form-messages.ts.

type Meta = FieldMetadata<any, any, string[]>

/** Turns a form message (`code` or `code?0=…`) into the player's language. */
export function useMessageText() {
  const catalogue = useCatalogue()
  return (message: string): string => {
    const { code, args } = decodeMessage(message)
    // A message outside the catalogue (a zod default) must not show a raw key to the player.
    return catalogue(code, args, 'invalid_value')
  }
}

/**
 * After the server answered a form, empties its password inputs, as a page without JavaScript
 * shows them (the answer never carries a password back; see app/utils/forms.server.ts). `keep`
 * names inputs the browser keeps as typed (the new password on the player's own page when only
 * the current one was wrong): nothing travels back, the page just does not empty them.
 */
export function useClearPasswords(formId: string, lastResult: unknown, keep: readonly string[] = []) {
  const kept = keep.join(' ')
  useEffect(() => {
    if (!lastResult) return
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    const keepNames = kept.split(' ')
    for (const element of Array.from(form.elements)) {
      const password =
        element instanceof HTMLInputElement && (element.type === 'password' || 'password' in element.dataset)
      if (password && !keepNames.includes(element.name)) element.value = ''
    }
  }, [formId, lastResult, kept])
}

/** Messages under a field or a form, as plain text the field points at with aria-describedby. */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const text = useMessageText()
  const list = errors?.filter(Boolean) ?? []
  if (!list.length) return null
  return (
    <ul id={id} className={styles.errorList}>
      {list.map((message) => (
        <li key={message}>{text(message)}</li>
      ))}
    </ul>
  )
}

/**
 * Messages about the whole form (an upstream refusal such as 'Wrong username or e-mail address.'). The
 * box is always rendered so that screen readers announce what appears in it after a submit.
 */
export function FormErrors({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const text = useMessageText()
  const list = errors?.filter(Boolean) ?? []
  return (
    <div id={id} className={list.length ? styles.formError : undefined} aria-live="polite">
      {list.length === 1 ? <p>{text(list[0]!)}</p> : null}
      {list.length > 1 ? (
        <ul>
          {list.map((message) => (
            <li key={message}>{text(message)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** A success message shown in place (the form's own result, not a toast). */
export function FormStatus({ children }: { children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- <output> takes only phrasing content, these are paragraphs
    <div role="status" className={styles.formStatus}>
      {children}
    </div>
  )
}

type FieldProps = {
  meta: Meta
  label: ReactNode
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'file'
  /** A hint under the input, read by screen readers with it. */
  help?: ReactNode
  /** Extra attributes of the input (autoComplete, onBlur, max…). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type' | 'defaultValue' | 'form'>
  /** Shown under the input, before the errors (e.g. a username availability note). */
  children?: ReactNode
  /** Ids of further notes about the input (besides `help` and the errors). */
  describedBy?: string
  className?: string
}

/** Label above the input, hint and errors under it. */
export function Field({ meta, label, type = 'text', help, inputProps, children, describedBy, className }: FieldProps) {
  const helpId = help ? `${meta.id}-help` : undefined
  const ariaDescribedBy = [helpId, describedBy].filter(Boolean).join(' ') || undefined
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy })
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={meta.id} className={styles.label}>
        {label}
      </label>
      {type === 'password' ? (
        <PasswordInput key={key} inputProps={{ ...props, ...inputProps }} />
      ) : (
        <input key={key} {...props} {...inputProps} className={styles.input} />
      )}
      {help ? (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      ) : null}
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A multi-line text field (a message): label above, hint and errors under it, like Field. */
export function TextAreaField({
  meta,
  label,
  help,
  textareaProps,
}: {
  meta: Meta
  label: ReactNode
  help?: ReactNode
  textareaProps?: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'defaultValue' | 'form'>
}) {
  const helpId = help ? `${meta.id}-help` : undefined
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: helpId })
  return (
    <div className={styles.field}>
      <label htmlFor={meta.id} className={styles.label}>
        {label}
      </label>
      <textarea key={key} {...props} {...textareaProps} className={`${styles.input} ${styles.textarea}`} />
      <HelpAndErrors helpId={helpId} help={help} errorId={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/**
 * A password input with a "Show"/"Hide" toggle once JavaScript runs; without it a plain password
 * input. The button says what it will do: its text and its accessible name ("Show password",
 * "Hide password", which begins with the visible word) change together, so it carries no
 * aria-pressed. Shown passwords keep `data-password`, so that useClearPasswords still empties them.
 */
function PasswordInput({ inputProps }: { inputProps: InputHTMLAttributes<HTMLInputElement> & { id?: string } }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [shown, setShown] = useState(false)
  return (
    <div className={styles.passwordRow}>
      <input {...inputProps} type={shown ? 'text' : 'password'} data-password="" className={styles.input} />
      {hydrated ? (
        <button
          type="button"
          className={styles.passwordToggle}
          aria-controls={inputProps.id}
          data-shown={shown ? '' : undefined}
          aria-label={shown ? t('common.passwordToggle.hideLabel') : t('common.passwordToggle.showLabel')}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? t('common.passwordToggle.hide') : t('common.passwordToggle.show')}
        </button>
      ) : null}
    </div>
  )
}

export type SummaryEntry = { meta: Meta; label: string }

/**
 * After a failed submit: a box at the top of the form listing every field that needs attention,
 * each entry a link that takes the player to its field (and focuses it with JavaScript). With
 * JavaScript the box's heading takes focus after a failed submit; without it the answer page has
 * the box at the top of the form. A radio group is reached through its fieldset (id = meta.id).
 */
export function ErrorSummary({
  formId,
  entries,
  lastResult,
}: {
  formId: string
  entries: readonly SummaryEntry[]
  lastResult: unknown
}) {
  const { t } = useTranslation()
  const text = useMessageText()
  const heading = useRef<HTMLHeadingElement>(null)
  const [attempts, setAttempts] = useState(0)
  useEffect(() => {
    const form = document.getElementById(formId)
    if (!form) return
    const count = () => setAttempts((n) => n + 1)
    form.addEventListener('submit', count, true)
    return () => form.removeEventListener('submit', count, true)
  }, [formId])
  const failed = entries.filter((entry) => entry.meta.errors?.length)
  const shown = (attempts > 0 || Boolean(lastResult)) && failed.length > 0
  // Once per submit or answer (not on every keystroke), after conform focused the first invalid
  // field: the summary comes first. The errors may arrive a render after the submit.
  const focusedFor = useRef<{ attempts: number; lastResult: unknown }>({ attempts: 0, lastResult: undefined })
  useEffect(() => {
    if (!shown) return
    if (focusedFor.current.attempts === attempts && focusedFor.current.lastResult === lastResult) return
    focusedFor.current = { attempts, lastResult }
    heading.current?.focus()
  })
  if (!shown) return null
  return (
    <section className={styles.summary} aria-labelledby={`${formId}-summary`}>
      <h2 id={`${formId}-summary`} ref={heading} tabIndex={-1} className={styles.summaryHeading}>
        {t('common.errorSummary.heading', { count: failed.length })}
      </h2>
      <ul className={styles.summaryList}>
        {failed.map(({ meta, label }) => (
          <li key={meta.name}>
            <a
              href={`#${meta.id}`}
              onClick={(event) => {
                const target = document.getElementById(meta.id)
                const focusable =
                  target instanceof HTMLFieldSetElement
                    ? target.querySelector<HTMLElement>('input, select, textarea')
                    : target
                if (!focusable) return
                event.preventDefault()
                focusable.focus()
                focusable.scrollIntoView({ block: 'center' })
              }}
            >
              {label}: {text(meta.errors![0]!)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A checkbox with its label to the right and errors under it. */
export function CheckboxField({
  meta,
  label,
  help,
  className,
}: {
  meta: Meta
  label: ReactNode
  help?: ReactNode
  className?: string
}) {
  const helpId = help ? `${meta.id}-help` : undefined
  const { key, ...props } = getInputProps(meta, { type: 'checkbox', ariaDescribedBy: helpId })
  return (
    <div className={className ? `${styles.checkField} ${className}` : styles.checkField}>
      <div className={styles.checkRow}>
        <input key={key} {...props} className={styles.checkbox} />
        <label htmlFor={meta.id} className={styles.checkLabel}>
          {label}
        </label>
      </div>
      <HelpAndErrors helpId={helpId} help={help} errorId={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export type Option = { value: string; label: string }

const markupOf = new WeakMap<readonly Option[], string>()

/**
 * The `<option>`s of a long fixed list as HTML (the list's own part kept per list), the
 * `selected` one marked for pages answered without JavaScript (with it, React selects the
 * default value itself).
 */
export function optionsMarkup(options: readonly Option[], placeholder: string | undefined, selected: unknown): string {
  let html = markupOf.get(options)
  if (html === undefined) {
    html = options.map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`).join('')
    markupOf.set(options, html)
  }
  if (placeholder !== undefined) html = `<option value="">${escapeHtml(placeholder)}</option>${html}`
  if (typeof selected !== 'string') return html
  const option = `<option value="${escapeHtml(selected)}">`
  return html.replace(option, `<option value="${escapeHtml(selected)}" selected="">`)
}

/**
 * A select with its label above; `placeholder` adds an empty first option. `longList` (the 250
 * countries) writes the options as one HTML string instead of an element each: the same markup,
 * but the server renders and the browser hydrates one element instead of hundreds.
 */
export function SelectField({
  meta,
  label,
  options,
  placeholder,
  longList = false,
  help,
  selectProps,
  className,
}: {
  meta: Meta
  label: ReactNode
  options: readonly Option[]
  placeholder?: string
  longList?: boolean
  help?: ReactNode
  selectProps?: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'defaultValue' | 'form'>
  className?: string
}) {
  const helpId = help ? `${meta.id}-help` : undefined
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: helpId })
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={meta.id} className={styles.label}>
        {label}
      </label>
      {longList ? (
        <select
          key={key}
          {...props}
          {...selectProps}
          className={styles.select}
          dangerouslySetInnerHTML={{ __html: optionsMarkup(options, placeholder, props.defaultValue) }}
        />
      ) : (
        <select key={key} {...props} {...selectProps} className={styles.select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      <HelpAndErrors helpId={helpId} help={help} errorId={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** Radio buttons in a fieldset whose legend is the label. */
export function RadioGroupField({
  meta,
  legend,
  options,
  className,
}: {
  meta: Meta
  legend: ReactNode
  options: readonly Option[]
  className?: string
}) {
  const radios = getCollectionProps(meta, { type: 'radio', options: options.map((o) => o.value) })
  return (
    <fieldset id={meta.id} className={className ? `${styles.radioGroup} ${className}` : styles.radioGroup}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.radioRow}>
        {radios.map(({ key, ...props }) => (
          <span key={key ?? props.value} className={styles.checkRow}>
            <input {...props} className={styles.checkbox} />
            <label htmlFor={props.id} className={styles.checkLabel}>
              {options.find((o) => o.value === props.value)?.label}
            </label>
          </span>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}

/**
 * Whether a form of this page is being submitted (or its answer loaded). Without `action`, the
 * current route's action is meant.
 */
export function useIsSubmitting({ action, intent }: { action?: string; intent?: string } = {}) {
  const navigation = useNavigation()
  const currentAction = useFormAction()
  if (navigation.state === 'idle' || !navigation.formMethod) return false
  if (navigation.formMethod.toUpperCase() !== 'POST') return false
  if (navigation.formAction !== (action ?? currentAction)) return false
  return intent === undefined || navigation.formData?.get('intent') === intent
}

/**
 * The primary button of a form: disabled and aria-busy while the form is on its way (with
 * JavaScript; without it the browser shows its own progress). Pass `pending` for a fetcher form.
 */
export function SubmitButton({
  children,
  pending,
  pendingLabel,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; pendingLabel?: ReactNode }) {
  const submitting = useIsSubmitting()
  const busy = pending ?? submitting
  return (
    <button
      type="submit"
      {...props}
      disabled={busy || props.disabled}
      aria-busy={busy || undefined}
      className={className ? `${styles.submitButton} ${className}` : styles.submitButton}
    >
      {busy && pendingLabel ? pendingLabel : children}
    </button>
  )
}

/** The shell of the account form pages: a centred card with its heading and an optional intro. */
export function FormPage({
  heading,
  intro,
  wide,
  children,
}: {
  heading: ReactNode
  intro?: ReactNode
  wide?: boolean
  children?: ReactNode
}) {
  return (
    <div className={styles.page}>
      <div className={wide ? styles.wideCard : styles.card}>
        <h1 className={styles.heading}>{heading}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </div>
    </div>
  )
}

/** Under every field: its help text (when any), then its errors. */
function HelpAndErrors({
  helpId,
  help,
  errorId,
  errors,
}: {
  helpId?: string
  help?: ReactNode
  errorId?: string
  errors?: readonly string[] | null
}) {
  return (
    <>
      {help ? (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </>
  )
}
