/**
 * What a client sends that the contract refuses is answered in catalogue codes, never in zod's
 * English ('Too small: expected number to be >=0'): every call's params and every game's moves,
 * walked field by field with hostile values, parsed as the casino API and the web app parse them
 * (with catalogueError, contract/rules.ts).
 */
import { expect, test } from 'vitest'
import type { z } from 'zod'
import { calls, catalogueError, MESSAGE_CODES } from '../contract/index.ts'
import { CATALOG } from '../games/catalog.ts'
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
