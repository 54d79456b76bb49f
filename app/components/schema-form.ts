import { useForm } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { useLocale } from '#ui/locale.ts'
import type { AmountLimits, FormName, FormSchema, parseForm as ParseForm } from '#app/utils/form-validation.ts'

type Options<N extends FormName> = Omit<
  Parameters<typeof useForm<z.input<FormSchema<N>>, z.output<FormSchema<N>>, string[]>>[0],
  'onValidate' | 'shouldValidate' | 'shouldRevalidate'
> & {
  /** A money form's limits as the page shows them, checked before the form is sent. */
  amountLimits?: AmountLimits
}

/** The schemas, once a form of this page has asked for them (they stay for the next pages). */
let loaded: typeof ParseForm | undefined

/**
 * conform's useForm for one of the site's forms (app/utils/form-validation.ts), checked in the
 * browser as the player goes: a field when it is left, again on every change once it showed an
 * error, the whole form before it is sent.
 *
 * The schemas (and zod) are not part of the page's first load: they load when the player first
 * focuses or presses something in the form. Until they are there, conform leaves the checks to the
 * server, exactly as without JavaScript (a form sent that early gets the server's answer), and the
 * fields left meanwhile are checked as soon as the schemas arrive. `options.constraint` comes with
 * the loader's data (formConstraint), so the inputs' attributes need no zod either.
 */
export function useSchemaForm<N extends FormName>(name: N, { amountLimits, ...options }: Options<N>) {
  const [parseForm, setParseForm] = useState(() => loaded)
  const locale = useLocale()
  const formId = options.id
  // Fields the player left while the schemas were loading: checked when they arrive.
  const leftEarly = useRef(new Set<Element>())

  useEffect(() => {
    const form = formId ? document.getElementById(formId) : null
    if (parseForm || !form) return
    let mounted = true
    const noteLeft = (event: FocusEvent) => {
      if (event.target instanceof Element) leftEarly.current.add(event.target)
    }
    const load = () => {
      form.removeEventListener('focusin', load)
      form.removeEventListener('pointerdown', load)
      form.addEventListener('focusout', noteLeft)
      import('#app/utils/form-validation.ts').then(
        (module) => {
          loaded = module.parseForm
          if (mounted) setParseForm(() => module.parseForm)
        },
        // A deployment removed the chunk, or the network failed: the server keeps checking.
        () => form.removeEventListener('focusout', noteLeft),
      )
    }
    form.addEventListener('focusin', load)
    form.addEventListener('pointerdown', load)
    return () => {
      mounted = false
      form.removeEventListener('focusin', load)
      form.removeEventListener('pointerdown', load)
      form.removeEventListener('focusout', noteLeft)
    }
  }, [formId, parseForm])

  const result = useForm<z.input<FormSchema<N>>, z.output<FormSchema<N>>, string[]>({
    ...options,
    ...(parseForm
      ? {
          shouldValidate: 'onBlur',
          shouldRevalidate: 'onInput',
          onValidate: ({ formData }) => parseForm(name, formData, { locale, amountLimits }),
        }
      : // Without the schemas a check would be a request to the server: only on submit.
        { shouldValidate: 'onSubmit', shouldRevalidate: 'onSubmit' }),
  })
  const [form] = result

  // The fields left early are checked through conform (by now it has the validating options), not
  // by a second 'focusout': that would run the page's own blur handlers again (the username check).
  useEffect(() => {
    if (!parseForm) return
    for (const field of leftEarly.current) {
      const fieldName = field.getAttribute('name')
      if (fieldName && field.isConnected && field !== document.activeElement) form.validate({ name: fieldName })
    }
    leftEarly.current.clear()
  }, [parseForm, form])

  return result
}
