import { readFileSync } from 'node:fs'
import { test, expect } from 'vitest'
import { calls, servedByProvider, type CallName } from './index.ts'
import type { CallDef } from './define.ts'
import { buildOpenApi, OPENAPI_FILE, PROVIDER_OPENAPI_FILE, renderOpenApi } from './openapi.ts'

type Operation = {
  operationId: string
  summary: string
  security: Record<string, string[]>[]
  parameters?: { $ref?: string }[]
  requestBody?: unknown
  responses: Record<string, { $ref?: string }>
}

const doc = buildOpenApi()
const providerDoc = buildOpenApi('provider')
const entries = Object.entries(calls) as [CallName, CallDef][]
/** A call's operation, in the document of the service that serves it. */
const op = (call: CallDef) => {
  const name = entries.find(([, c]) => c === call)![0]
  const served = servedByProvider(name) ? providerDoc : doc
  return (served.paths as Record<string, Record<string, Operation>>)[call.path]?.[call.method.toLowerCase()]
}

test('the documents are OpenAPI 3.1', () => {
  for (const document of [doc, providerDoc]) expect(document.openapi).toMatch(/^3\.1\.\d+$/)
  expect(doc.components.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } })
  expect(Object.keys(providerDoc.components.securitySchemes).sort()).toEqual(['gameSession', 'providerKey'])
})

test("each service's document lists the calls it serves and no other: the provider's own, the casino API's the rest", () => {
  const listed = (document: typeof doc) =>
    Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    )
  const provider = entries.filter(([name]) => servedByProvider(name)).map(([name]) => name)
  expect(listed(providerDoc).sort()).toEqual(provider.sort())
  expect(listed(doc).sort()).toEqual(
    entries
      .map(([name]) => name)
      .filter((name) => !provider.includes(name))
      .sort(),
  )
  expect(provider).toEqual(expect.arrayContaining(['game_play', 'provider_launch', 'get_catalog_feed']))
  expect(providerDoc.tags.map((t) => t.name)).toEqual(['game-server'])
  expect(doc.tags.map((t) => t.name)).not.toContain('game-server')
})

test('every call has its path and operation, with its name, summary and tag', () => {
  for (const [name, call] of entries) {
    const operation = op(call)
    expect(operation, name).toBeDefined()
    expect(operation!.operationId).toBe(name)
    expect(operation!.summary).toBe(call.summary)
    expect(operation!.responses['200'], name).toBeDefined()
    expect((operation as unknown as { tags: string[] }).tags, name).not.toContain('other')
  }
})

test('errors answer ErrorBody', () => {
  const responses = doc.components.responses as Record<
    string,
    { content: Record<string, { schema: { $ref: string } }> }
  >
  for (const [name, call] of entries) {
    const operation = op(call)!
    for (const status of ['400', '403', '404', '409', '429', ...(call.auth === 'public' ? [] : ['401'])]) {
      const ref = operation.responses[status]?.$ref
      expect(ref, `${name} ${status}`).toMatch(/^#\/components\/responses\//)
      const response = responses[ref!.split('/').pop()!]!
      expect(response.content['application/json']!.schema.$ref).toBe('#/components/schemas/ErrorBody')
    }
  }
  expect(doc.components.schemas.ErrorBody).toBeDefined()
  expect(providerDoc.components.schemas.ErrorBody).toBeDefined()
})

test('bearer security for player and admin calls, none for public ones', () => {
  for (const [name, call] of entries) {
    const security = op(call)!.security
    if (call.auth === 'public') expect(security, name).toEqual([])
    if (call.auth === 'player') expect(security, name).toEqual([{ bearer: [] }])
    if (call.auth === 'admin') expect(security, name).toEqual([{ bearer: ['admin'] }])
    if (call.auth === 'optional') expect(security, name).toContainEqual({})
  }
})

test('idempotent calls take the Idempotency-Key header', () => {
  expect(doc.components.parameters?.IdempotencyKey).toMatchObject({
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
  })
  for (const [name, call] of entries) {
    const refs = (op(call)!.parameters ?? []).map((p) => p.$ref)
    expect(refs.includes('#/components/parameters/IdempotencyKey'), name).toBe(call.idempotent === true)
  }
})

test('every $ref resolves inside the document', () => {
  const refs: string[] = []
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && typeof x === 'string') refs.push(x)
        else walk(x)
      }
  }
  for (const document of [doc, providerDoc]) {
    refs.length = 0
    walk(document)
    expect(refs.length).toBeGreaterThan(30)
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document)
    expect([...new Set(refs)].filter((ref) => !ref.startsWith('#/') || resolve(ref) === undefined)).toEqual([])
  }
})

test('card and bank forms are documented with their input types', () => {
  const schemas = doc.components.schemas as Record<string, { properties?: Record<string, { type?: string }> }>
  expect(schemas.AltitudepayDepositProcessorParams?.properties?.amount?.type).toBe('integer')
  expect(schemas.FinancialTransaction?.properties?.card).toBeDefined()
})

test('docs/openapi.json and docs/provider-openapi.json are up to date (npm run openapi)', () => {
  expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi())
  expect(readFileSync(PROVIDER_OPENAPI_FILE, 'utf8')).toBe(renderOpenApi('provider'))
})
