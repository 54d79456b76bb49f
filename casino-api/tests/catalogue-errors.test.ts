/**
 * What a client sends that the contract refuses is answered in catalogue codes, never in zod's
 * English ('Too small: expected number to be >=0'): every call's params and every game's moves,
 * walked field by field with hostile values, parsed as the casino API and the web app parse them
 * (with catalogueError, contract/rules.ts).
 */
import { expect, test } from 'vitest'
import type { z } from 'zod'
import { calls, catalogueError, MESSAGE_CODES } from '../contract/index.ts'
import { CATALOG } from '../../provider/games/catalog.ts'
import { ApiError } from '../contract/errors.ts'
import { fieldPaths, hostileInputs } from './hostile-inputs.ts'

const CODES = new Set<string>(MESSAGE_CODES)

/** The schemas players and clients send: every call's params, every engine's bet and move. */
const schemas: [string, z.ZodType][] = [
  ...Object.entries(calls).map(([name, def]): [string, z.ZodType] => [name, def.params]),
  ...[...new Set(CATALOG.map((game) => game.engine))].flatMap((engine): [string, z.ZodType][] => [
    [`${engine.kind} bet`, engine.bet],
    ...(engine.action ? [[`${engine.kind} move`, engine.action] as [string, z.ZodType]] : []),
  ]),
]

/** The messages of `schema`'s issues for every hostile input that are not catalogue codes. */
function foreignMessages(name: string, schema: z.ZodType, options: { error?: typeof catalogueError }) {
  const found = new Set<string>()
  for (const input of hostileInputs(schema)) {
    const parsed = schema.safeParse(input, options)
    for (const issue of parsed.error?.issues ?? [])
      if (!CODES.has(issue.message)) found.add(`${name} ${issue.path.join('.') || '(whole)'}: ${issue.message}`)
  }
  return [...found]
}

test('the walk reaches the fields: without the catalogue codes, zod writes its own English', () => {
  expect(schemas.length).toBeGreaterThan(80)
  expect(fieldPaths(calls.send_withdrawal_request.params).map((f) => f.path.join('.'))).toEqual(
    expect.arrayContaining(['amount', 'iban', 'walletAddress']),
  )
  const raw = schemas.flatMap(([name, schema]) => foreignMessages(name, schema, {}))
  expect(raw.join('\n')).toContain('Too small: expected number to be >=0')
})

test('every refusal of a hostile input is a catalogue code, for every call and every game move', () => {
  const foreign = schemas.flatMap(([name, schema]) => foreignMessages(name, schema, { error: catalogueError }))
  expect(foreign).toEqual([])
})

test('an amount in a refusal is Money, written in its English text as money; bare cents do not compile', () => {
  const range = new ApiError(400, 'amount_out_of_range', {
    args: [
      { amount: 10_00, currency: 'EUR' },
      { amount: 10_000_00, currency: 'EUR' },
    ],
  })
  expect(range.toBody().error.message).toBe('The amount must be between €10.00 and €10,000.00.')
  expect(
    new ApiError(400, 'withdrawal_sent', { args: [{ amount: 1_234_56, currency: 'INR' }] }).toBody().error.message,
  ).toBe('Your withdrawal request for ₹1,234.56 has been scheduled.')
  // @ts-expect-error -- cents alone are not an amount: 'between 1000 and 1000000' is what players read.
  expect(new ApiError(400, 'amount_out_of_range', { args: [10_00, 10_000_00] }).args).toHaveLength(2)
  // Minutes are a number, as the message says.
  expect(new ApiError(429, 'ip_locked', { args: [15] }).toBody().error.message).toContain('in 15 minutes')
})
