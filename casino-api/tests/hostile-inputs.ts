/**
 * Hostile inputs for any zod schema, field by field, as an attacker (or a confused client) would
 * send them: the wrong type, too small, too big, too long, a bad format, or nothing. Used by the
 * tests that check every message such an input produces is a catalogue code.
 */
import type { z } from 'zod'

type Path = (string | number)[]
/** A field of a schema: its path, and what the path needs beside it to be reached (a union's tag). */
type FieldPath = { path: Path; with: { path: Path; value: unknown }[] }

/** Every JSON kind that is wrong somewhere, at both ends of every range, and a few bad formats. */
export const HOSTILE_VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  {},
  [],
  [{}],
  '',
  ' ',
  'x',
  'not a date, not an e-mail, not a number',
  '\u0000',
  '2021-02-30',
  'a@',
  '12abc',
  '-1',
  'x'.repeat(100_000),
  0,
  -1,
  1.5,
  2 ** 31,
  1e21,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  Array.from({ length: 1000 }, () => 'x'),
]

/** What a form can carry: text only. */
export const HOSTILE_TEXTS: readonly string[] = HOSTILE_VALUES.filter((v): v is string => typeof v === 'string').concat(
  ['1e3', '1,2,3', '99999999999999999999', '0,001', 'on', 'true', '13', '1899-01-01'],
)

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  discriminator?: string
  left?: z.ZodType
  right?: z.ZodType
  valueType?: z.ZodType
  items?: z.ZodType[]
  getter?: () => z.ZodType
  values?: unknown[]
}

const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def

/** The literal value a discriminated union's option carries in its tag, when it has one. */
function tagOf(option: z.ZodType, discriminator: string): unknown {
  const field = defOf(option).shape?.[discriminator]
  return field ? defOf(field).values?.[0] : undefined
}

/**
 * Every field path of `schema`: object keys, an array's first item, a record's entry, through
 * wrappers, pipes and unions. A path inside a discriminated union's option carries the option's
 * tag, so that the option's own rules are reached.
 */
export function fieldPaths(schema: z.ZodType, path: Path = [], depth = 0): FieldPath[] {
  if (depth > 8) return []
  const def = defOf(schema)
  const inner = (s: z.ZodType | undefined, p: Path = path) => (s ? fieldPaths(s, p, depth + 1) : [])
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => [
        { path: [...path, key], with: [] },
        ...inner(field, [...path, key]),
      ])
    case 'array':
      return [{ path: [...path, 0], with: [] }, ...inner(def.element, [...path, 0])]
    case 'record':
      return [{ path: [...path, 'key'], with: [] }, ...inner(def.valueType, [...path, 'key'])]
    case 'tuple':
      return (def.items ?? []).flatMap((item, i) => [{ path: [...path, i], with: [] }, ...inner(item, [...path, i])])
    case 'union':
      return (def.options ?? []).flatMap((option) => {
        const tag = def.discriminator ? tagOf(option, def.discriminator) : undefined
        const paths = inner(option)
        if (tag === undefined || !def.discriminator) return paths
        const at = { path: [...path, def.discriminator], value: tag }
        return paths.map((p) => ({ ...p, with: [...p.with, at] }))
      })
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)]
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)]
    case 'lazy':
      return inner(def.getter?.())
    default:
      return def.innerType ? inner(def.innerType) : []
  }
}

/** `value` put at `path` of an empty input, with what the path needs beside it. */
export function inputWith(field: FieldPath, value: unknown): unknown {
  const root: { v?: unknown } = {}
  const put = (path: Path, leaf: unknown) => {
    let node = root as Record<string | number, unknown>
    let key: string | number = 'v'
    for (const step of path) {
      node[key] ??= typeof step === 'number' ? [] : {}
      node = node[key] as Record<string | number, unknown>
      key = step
    }
    node[key] = leaf
  }
  for (const extra of field.with) put(extra.path, extra.value)
  put(field.path, value)
  return root.v
}

/** Every hostile input of `schema`: whole values of the wrong kind, then each field given each hostile value. */
export function* hostileInputs(schema: z.ZodType, values: readonly unknown[] = HOSTILE_VALUES) {
  yield* values
  for (const field of fieldPaths(schema)) for (const value of values) yield inputWith(field, value)
}
