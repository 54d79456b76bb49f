// Every form of the site, sent with hostile text in each field, answers catalogue codes only:
// what the browser and the web server show under a field is never zod's own English.
import { expect, test } from 'vitest'
import { MESSAGE_CODES } from '#contract'
import { fieldPaths, HOSTILE_TEXTS } from '#casino-api/tests/hostile-inputs.ts'
import { decodeMessage } from './form-messages.ts'
import { FORMS, parseForm, type FormName } from './form-validation.ts'

const CODES = new Set<string>(MESSAGE_CODES)

test('every message of every form for hostile text is a catalogue code', () => {
  const foreign = new Set<string>()
  for (const name of Object.keys(FORMS) as FormName[]) {
    const fields = [...new Set(fieldPaths(FORMS[name]).map((f) => f.path.join('.')))]
    expect(fields.length, name).toBeGreaterThan(0)
    const sent = [new FormData()]
    for (const text of HOSTILE_TEXTS) {
      const everyField = new FormData()
      for (const field of fields) {
        everyField.set(field, text)
        const one = new FormData()
        one.set(field, text)
        sent.push(one)
      }
      sent.push(everyField)
    }
    for (const formData of sent) {
      const submission = parseForm(name, formData)
      const errors = (submission.status === 'error' ? submission.error : null) as Record<string, string[] | null> | null
      for (const [field, messages] of Object.entries(errors ?? {}))
        for (const message of messages ?? [])
          if (!CODES.has(decodeMessage(message).code)) foreign.add(`${name} ${field || '(form)'}: ${message}`)
    }
  }
  expect([...foreign]).toEqual([])
})
