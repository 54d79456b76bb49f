import { type ReactNode, useEffect, useRef } from 'react'
import { Form, useSubmit } from 'react-router'
import * as forms from '#ui/form-fields.css.ts'
import { FormPage, SubmitButton } from './forms.tsx'

/**
 * The page of a single-use e-mailed link (activation, e-mail change): one button that posts.
 * The token is spent only by that POST, never by the GET, because mail scanners, link previews
 * and prefetchers open links too. Without JavaScript the player presses the button; with it the
 * page submits the form by itself once it runs in a browser (once, even when React runs effects
 * twice in development).
 */
export function AutoSubmitForm({
  heading,
  intro,
  submit,
  submitting,
}: {
  heading: ReactNode
  intro: ReactNode
  submit: ReactNode
  submitting: ReactNode
}) {
  const form = useRef<HTMLFormElement>(null)
  const submitForm = useSubmit()
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current || !form.current) return
    sent.current = true
    submitForm(form.current, { replace: true })
  }, [submitForm])

  return (
    <FormPage heading={heading} intro={intro}>
      <Form method="post" ref={form} className={forms.form}>
        <div className={forms.actions}>
          <SubmitButton pendingLabel={submitting}>{submit}</SubmitButton>
        </div>
      </Form>
    </FormPage>
  )
}
