/**
 * The OpenAPI 3.1 document of the contract, built from `calls` with zod's own JSON Schema
 * output (OpenAPI 3.1 schemas are JSON Schema 2020-12), so it cannot drift from the schemas the
 * web app and the casino API run. `npm run openapi` writes it to docs/openapi.json.
 */
import { LiveSocketEvent, LiveSocketMessage, SOCKET_PATH } from './events.ts'
import { LIVE_SOCKET_CLOSE, LIVE_SOCKET_PATH } from './live-socket.ts'
import { isDeepStrictEqual } from 'node:util'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import {
  adminCalls,
  AmountLimits,
  Balance,
  Bet,
  bonusCalls,
  BonusOffer,
  BonusType,
  calls,
  servedByProvider,
  type CallName,
  CardSummary,
  ClientMessage,
  contentCalls,
  ContentKind,
  ContentTemplate,
  Currency,
  DateRange,
  DepositComplete,
  DepositProcessor,
  Done,
  ErrorBody,
  FaqSection,
  FinancialTransaction,
  Game,
  gameCalls,
  GameCategory,
  GameGroup,
  GameMode,
  GameProvider,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  Locale,
  PROVIDER_KEY_HEADER,
  LoyaltyEntry,
  mailboxCalls,
  MailboxMessage,
  MessageCode,
  Money,
  paymentCalls,
  PendingWithdrawal,
  Player,
  PlayerBonus,
  playerCalls,
  PlayerProfile,
  ProcessorKey,
  PromotionTemplate,
  providerWalletCalls,
  gameServerCalls,
  GAME_SESSION_HEADER,
  ServerEvent,
  siteCalls,
  SiteContent,
  Slide,
  supportCalls,
  ThreeDSecureRedirect,
  TransactionStatus,
  TransactionType,
  walletCalls,
  WithdrawalProcessor,
} from './index.ts'
import type { CallDef } from './define.ts'

export const OPENAPI_VERSION = '3.1.1'
export const CONTRACT_VERSION = '1.0.0'
export const OPENAPI_FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url))
export const PROVIDER_OPENAPI_FILE = fileURLToPath(new URL('../../docs/provider-openapi.json', import.meta.url))

/**
 * The two services a document describes: the casino API, and the built-in game provider's own
 * server (the calls `servedByProvider`: ADR 0049), each at its own address.
 */
export type Service = 'casino' | 'provider'
const callsOf = (service: Service) =>
  Object.fromEntries(
    (Object.entries(calls) as [CallName, CallDef][]).filter(
      ([name]) => servedByProvider(name) === (service === 'provider'),
    ),
  ) as Record<string, CallDef>

type Json = Record<string, unknown>
type JsonSchema = Json

/** Named once under components.schemas and referenced wherever they occur. */
const SHARED: Record<string, z.ZodType> = {
  ErrorBody,
  Done,
  MessageCode,
  Currency,
  Locale,
  Money,
  DateRange,
  Balance,
  Player,
  PlayerProfile,
  TransactionStatus,
  TransactionType,
  ProcessorKey,
  CardSummary,
  FinancialTransaction,
  BonusType,
  BonusOffer,
  PlayerBonus,
  LoyaltyEntry,
  GameCategory,
  GameMode,
  GameProvider,
  Game,
  GameGroup,
  Bet,
  AmountLimits,
  DepositProcessor,
  WithdrawalProcessor,
  DepositComplete,
  ThreeDSecureRedirect,
  ContentKind,
  ContentTemplate,
  PromotionTemplate,
  FaqSection,
  Slide,
  SiteContent,
  MailboxMessage,
  PendingWithdrawal,
  ServerEvent,
  ClientMessage,
}

const AREAS: Record<string, { description: string; calls: Record<string, CallDef> }> = {
  // The published tags predate the domain folders: player also lists the support and site calls,
  // and the wallet's calls keep the tag money, so the document does not change for its readers.
  player: {
    description: 'Log-in, registration, passwords, profile, balance, support, settings.',
    calls: { ...playerCalls, ...supportCalls, ...siteCalls },
  },
  money: { description: 'Promo codes, transaction history, withdrawals.', calls: walletCalls },
  games: { description: 'Game lists, launch URLs, bet history.', calls: gameCalls },
  payments: { description: 'Deposit and withdrawal processors.', calls: paymentCalls },
  bonuses: { description: 'Bonus codes, bonuses, loyalty points.', calls: bonusCalls },
  content: { description: 'Content pages, promotions, FAQ, home slides.', calls: contentCalls },
  mailbox: { description: "The player's mailbox.", calls: mailboxCalls },
  admin: {
    description: 'Site content, withdrawal decisions, bank-transfer confirmations (admin scope).',
    calls: adminCalls,
  },
  provider: {
    description:
      "The provider wallet: a game provider's server stakes, pays and rolls back rounds (provider key; never the web app).",
    calls: providerWalletCalls,
  },
  'game-server': {
    description:
      "The built-in game provider's own server, on its own address (PROVIDER_PORT beside the casino API, PROVIDER_URL for the web app), not the casino API's: the game client plays with its launch's game session token (never a bearer token); the casino launches games, reads rounds and ends sessions with the provider key.",
    calls: gameServerCalls,
  },
}

export function areaOf(name: string) {
  return Object.keys(AREAS).find((area) => name in AREAS[area]!.calls)
}

const ERROR_RESPONSES = {
  '400': [
    'BadRequest',
    'Validation failed (code validation_failed, field codes in error.fields) or a business refusal.',
  ],
  '401': [
    'Unauthorized',
    'Missing, expired or revoked bearer token (the web app signs the player out), a wrong provider key or an expired game session.',
  ],
  '403': ['Forbidden', 'Not allowed: admin scope missing, site access disabled or country restricted.'],
  '404': ['NotFound', 'What the call asks for does not exist, or is not the caller’s.'],
  '409': [
    'Conflict',
    'The state changed meanwhile (e.g. a withdrawal no longer pending), or an Idempotency-Key was reused with another call or other params (idempotency_conflict).',
  ],
  '429': ['TooManyRequests', 'Rate limited; error.retryAfterSeconds and the Retry-After header say when to try again.'],
} as const

const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` })

const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())

/** A field is required on input only when the schema refuses `undefined` (defaults, catch and checkboxes don't). */
function acceptsUndefined(schema: unknown) {
  try {
    return (schema as z.ZodType).safeParse(undefined).success
  } catch {
    return false
  }
}

function toJson(io: 'input' | 'output') {
  return {
    io,
    unrepresentable: 'any' as const,
    uri: (id: string) => schemaRef(id).$ref,
    override: ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
      if (!(zodSchema instanceof z.ZodObject)) return
      // Objects strip unknown keys: an answer with extra fields is still a valid answer.
      if (jsonSchema.additionalProperties === false && zodSchema.def.catchall === undefined)
        delete jsonSchema.additionalProperties
      if (io === 'input' && Array.isArray(jsonSchema.required)) {
        const shape = zodSchema.shape as Record<string, unknown>
        const required = jsonSchema.required.filter((key: string) => !acceptsUndefined(shape[key]))
        if (required.length) jsonSchema.required = required
        else delete jsonSchema.required
      }
    },
  }
}

function convertRegistry(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output') {
  const { schemas } = z.toJSONSchema(registry, toJson(io)) as { schemas: Record<string, JsonSchema> }
  if ('__shared' in schemas)
    throw new Error('a schema carries a global `id` meta; ids belong to the OpenAPI registries only')
  for (const schema of Object.values(schemas)) {
    delete schema.$schema
    delete schema.$id
  }
  return schemas
}

function withoutDialect(schema: JsonSchema) {
  const { $schema: _, ...rest } = schema
  return rest
}

const isEmptyObject = (schema: z.ZodType) => schema instanceof z.ZodObject && Object.keys(schema.shape).length === 0

/**
 * Params are converted as input (what a client may send: defaults optional, strings before
 * transforms) and answers as output. A shared schema goes into the params registry only when
 * both views agree, so a component name never means two different schemas.
 */
function buildComponents(served: Record<string, CallDef>, shared: Record<string, z.ZodType>) {
  const input = z.registry<{ id: string }>()
  const output = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(shared)) {
    output.add(schema, { id })
    if (isDeepStrictEqual(z.toJSONSchema(schema, toJson('input')), z.toJSONSchema(schema, toJson('output'))))
      input.add(schema, { id })
  }
  const names: Record<string, { params?: string; answer: string }> = {}
  for (const [name, call] of Object.entries(served)) {
    let params: string | undefined
    if (call.method !== 'GET' && !isEmptyObject(call.params)) {
      if (!input.has(call.params)) input.add(call.params, { id: `${pascal(name)}Params` })
      params = input.get(call.params)!.id
    }
    if (!output.has(call.answer)) output.add(call.answer, { id: `${pascal(name)}Answer` })
    names[name] = { params, answer: output.get(call.answer)!.id }
  }
  const inSchemas = convertRegistry(input, 'input')
  const outSchemas = convertRegistry(output, 'output')
  for (const [id, schema] of Object.entries(inSchemas)) {
    if (id in outSchemas && !isDeepStrictEqual(schema, outSchemas[id]))
      throw new Error(`component ${id} differs between params and answers`)
  }
  const all = { ...outSchemas, ...inSchemas }
  const schemas = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((id) => [id, all[id]!]),
  )
  return { schemas, names }
}

function security(auth: CallDef['auth']) {
  if (auth === 'public') return []
  if (auth === 'provider') return [{ providerKey: [] }]
  if (auth === 'game') return [{ gameSession: [] }]
  if (auth === 'optional') return [{}, { bearer: [] }]
  if (auth === 'admin') return [{ bearer: ['admin'] }]
  return [{ bearer: [] }]
}

function queryParameters(params: z.ZodType) {
  const json = z.toJSONSchema(params, toJson('input')) as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: withoutDialect(schema),
  }))
}

function operation(name: string, call: CallDef, ids: { params?: string; answer: string }) {
  const notes: string[] = []
  if (call.errors?.length) notes.push(`Business refusals: ${call.errors.map((c) => `\`${c}\``).join(', ')}.`)
  if (call.idempotent)
    notes.push(
      `Moves money: send an \`${IDEMPOTENCY_KEY_HEADER}\` header. A replay with the same key and params answers the first answer and moves nothing; the key with another call or other params is refused with 409 \`idempotency_conflict\` and moves nothing.`,
    )
  if (call.moneyMoving)
    notes.push(
      `Moves money: refused with 403 \`country_restricted\` from a country or address the site's blacklists keep out${call.moneyMoving === true ? '' : ' (for some params only)'}, and with 403 \`forbidden\` for an administrator's account.`,
    )
  const parameters = [
    ...(call.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ...(call.method === 'GET' ? queryParameters(call.params) : []),
  ]
  const responses: Json = {
    '200': { description: 'OK', content: { 'application/json': { schema: schemaRef(ids.answer) } } },
  }
  for (const [status, [component]] of Object.entries(ERROR_RESPONSES)) {
    if (status === '401' && call.auth === 'public') continue
    responses[status] = { $ref: `#/components/responses/${component}` }
  }
  return {
    operationId: name,
    summary: call.summary,
    ...(notes.length ? { description: notes.join('\n\n') } : {}),
    tags: [areaOf(name) ?? 'other'],
    security: security(call.auth),
    ...(parameters.length ? { parameters } : {}),
    ...(ids.params
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaRef(ids.params) } } } }
      : {}),
    responses,
    'x-auth': call.auth,
    ...(call.errors?.length ? { 'x-error-codes': [...call.errors] } : {}),
    ...(call.idempotent ? { 'x-idempotent': true } : {}),
    ...(call.moneyMoving ? { 'x-money-moving': true } : {}),
  }
}

/** What each service's document says of itself, and the tags its calls are under. */
const SERVICES: Record<Service, { title: string; description: string[]; shared: Record<string, z.ZodType> }> = {
  casino: {
    title: 'Casino API',
    description: [
      'The calls the casino web app makes to its casino API, and the provider wallet the game providers pay through. Amounts are integer cents with a currency; timestamps are ISO 8601.',
      'Errors answer an ErrorBody whose `error.code` is a message-catalogue code.',
      `The realtime socket (GET ${SOCKET_PATH} upgraded to a WebSocket, with the bearer token in the Authorization header) carries JSON text frames: ServerEvent (server to client) and ClientMessage (client to server), under components.schemas.`,
    ],
    shared: SHARED,
  },
  provider: {
    title: 'Game provider API (built-in provider)',
    description: [
      "The calls the built-in game provider serves on its own address: its catalogue feed, a game client's moves (with its launch's game session token) and what the casino asks of it with the provider key (launches, a player's rounds, ending game sessions). It moves money only through the casino API's provider wallet (that document's `provider` tag). Amounts are integer cents with a currency; timestamps are ISO 8601.",
      'Errors answer an ErrorBody whose `error.code` is a message-catalogue code.',
      `The live socket (GET ${LIVE_SOCKET_PATH} upgraded to a WebSocket) carries JSON text frames: LiveSocketMessage (client to server: first \`watch\` with a live table's game session token) and LiveSocketEvent (server to client: \`subscribed\`, then the table's round events and the session's player's payouts), under components.schemas. It closes ${LIVE_SOCKET_CLOSE.unauthorized} for a game session unknown, expired or ended, ${LIVE_SOCKET_CLOSE.notLive} for one whose game is not a live table, ${LIVE_SOCKET_CLOSE.noWatch} without \`watch\` in time, 1012 when the provider stops.`,
    ],
    shared: { ErrorBody, LiveSocketEvent, LiveSocketMessage },
  },
}

const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The accessToken answered by login. Admin calls need an account with the admin scope.',
  },
  providerKey: {
    type: 'apiKey',
    in: 'header',
    name: PROVIDER_KEY_HEADER,
    description:
      "A game provider's shared secret (the casino API's PROVIDER_SECRET): the provider wallet's calls, and the casino's calls of the provider.",
  },
  gameSession: {
    type: 'apiKey',
    in: 'header',
    name: GAME_SESSION_HEADER,
    description: 'The token of a launched game (get_game_url): one game, one player or visitor, one mode; it expires.',
  },
} as const

/** The OpenAPI document of one service: the casino API's (docs/openapi.json), or the built-in provider's. */
export function buildOpenApi(service: Service = 'casino') {
  const served = callsOf(service)
  const { title, description: about, shared } = SERVICES[service]
  const { schemas, names } = buildComponents(served, shared)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [name, call] of Object.entries(served)) {
    const item = (paths[call.path] ??= {})
    item[call.method.toLowerCase()] = operation(name, call, names[name]!)
  }
  const errorResponses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(([component, description]) => [
      component,
      { description, content: { 'application/json': { schema: schemaRef('ErrorBody') } } },
    ]),
  )
  const auths = new Set(Object.values(served).flatMap((call) => security(call.auth).flatMap(Object.keys)))
  const idempotent = Object.values(served).some((call) => call.idempotent)
  return {
    openapi: OPENAPI_VERSION,
    info: { title, version: CONTRACT_VERSION, description: about.join('\n\n') },
    tags: Object.entries(AREAS)
      .filter(([, area]) => Object.keys(area.calls).some((name) => name in served))
      .map(([name, area]) => ({ name, description: area.description })),
    paths: Object.fromEntries(
      Object.keys(paths)
        .sort()
        .map((path) => [path, paths[path]!]),
    ),
    components: {
      schemas,
      responses: errorResponses,
      ...(idempotent
        ? {
            parameters: {
              IdempotencyKey: {
                name: IDEMPOTENCY_KEY_HEADER,
                in: 'header',
                required: true,
                description:
                  'One key per request of the account (e.g. a UUID), bound to the call and its params by the first request carried out, refused or not; a replay answers the first answer.',
                schema: withoutDialect(z.toJSONSchema(IdempotencyKey, toJson('input')) as JsonSchema),
              },
            },
          }
        : {}),
      securitySchemes: Object.fromEntries(Object.entries(SECURITY_SCHEMES).filter(([name]) => auths.has(name))),
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>

/** The exact text of a service's document: docs/openapi.json (the casino API's), docs/provider-openapi.json. */
export function renderOpenApi(service: Service = 'casino') {
  return `${JSON.stringify(buildOpenApi(service), null, 2)}\n`
}
