// Docker cannot run on every machine that runs the tests, so the deployment files are checked for
// the rules an operator relies on: the image's code is read-only to its user, the casino API has a
// target of its own, and compose.yaml wires two casino APIs and two web instances behind a load
// balancer each, with health checks on /readyz and one set of shared secrets.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test } from 'vitest'
import { parse } from 'yaml'

const ROOT = resolve(import.meta.dirname, '..')
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8')

type Instruction = { op: string; args: string }
type Stage = { name: string; from: string; instructions: Instruction[] }

/** The Dockerfile's instructions (continuation lines joined), the ARGs before the first FROM, and its stages. */
function dockerfile() {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const globalArgs: string[] = []
  const stages: Stage[] = []
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? []
    if (op === 'FROM') {
      const [, from = '', name = ''] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? []
      stages.push({ name, from, instructions: [] })
    } else if (stages.length) stages.at(-1)!.instructions.push({ op, args })
    else if (op === 'ARG') globalArgs.push(args)
  }
  return { globalArgs, stages }
}

/** The instructions a stage runs with, its parents' first (a stage FROM another inherits them). */
function lineage(stages: Stage[], name: string): Instruction[] {
  const stage = stages.find((s) => s.name === name)
  if (!stage) throw new Error(`no stage ${name}`)
  const parent = stages.some((s) => s.name === stage.from) ? lineage(stages, stage.from) : []
  return [...parent, ...stage.instructions]
}

const last = (instructions: Instruction[], op: string) => instructions.filter((i) => i.op === op).at(-1)?.args

test('Dockerfile: every stage starts from the one NODE_IMAGE argument or an earlier stage', () => {
  const { globalArgs, stages } = dockerfile()
  expect(globalArgs).toEqual(['NODE_IMAGE=node:24-bookworm-slim'])
  for (const [i, stage] of stages.entries()) {
    const earlier = stages.slice(0, i).map((s) => s.name)
    expect(stage.from === '${NODE_IMAGE}' || earlier.includes(stage.from), `${stage.name} FROM ${stage.from}`).toBe(
      true,
    )
  }
})

test('Dockerfile: the code belongs to root, the runtime user writes only /app/data', () => {
  const { stages } = dockerfile()
  for (const target of ['web', 'casino-api']) {
    const runs = lineage(stages, target)
    for (const copy of runs.filter((i) => i.op === 'COPY' || i.op === 'ADD')) expect(copy.args).not.toMatch(/--chown/)
    expect(last(runs, 'USER')).toBe('node')
    // The only chown gives the data folder (the volume) to node, and nothing else.
    const chowns = runs.filter((i) => i.op === 'RUN' && /chown/.test(i.args))
    expect(chowns.map((i) => i.args)).toEqual([expect.stringMatching(/chown node:node \/app\/data( |$)/)])
    expect(runs.find((i) => i.op === 'VOLUME')?.args).toBe('["/app/data"]')
  }
})

test("Dockerfile: the web app is the default target, the casino API a target of its own with its port, its game provider's and command", () => {
  const { stages } = dockerfile()
  expect(stages.at(-1)!.name).toBe('web')
  const web = lineage(stages, 'web')
  expect(last(web, 'CMD')).toBe('["node", "server/index.ts"]')
  expect(last(web, 'EXPOSE')).toBe('3000')
  const api = lineage(stages, 'casino-api')
  expect(last(api, 'CMD')).toBe('["node", "casino-api/src/main.ts"]')
  expect(last(api, 'EXPOSE')).toBe('4000 4100')
  const apiEnv = api
    .filter((i) => i.op === 'ENV')
    .map((i) => i.args)
    .join(' ')
  expect(apiEnv).toContain(' PORT=4000')
  // The game provider it starts listens beside it, on the port compose.yaml's provider-lb names.
  expect(apiEnv).toContain('PROVIDER_PORT=4100')
  // Listening on loopback only would make the container unreachable.
  expect(apiEnv).toContain('HOST=0.0.0.0')
  // The casino API's image holds no web app.
  const copied = api.filter((i) => i.op === 'COPY').map((i) => i.args.split(/\s+/).at(-2))
  expect(copied).not.toContain('server')
  // It runs the casino API, the built-in game provider it embeds, the catalogues the provider's
  // feed writes its rules in (the provider's folder imports locales/), and ui/, which the
  // provider's game client's server imports.
  expect(copied).toEqual(expect.arrayContaining(['casino-api', 'provider', 'locales', 'ui']))
  // The folders of the web app's imports (package.json `imports`) are in its image.
  const imports = JSON.parse(read('package.json')).imports as Record<string, string>
  const needed = new Set(
    Object.values(imports)
      .map((target) => target.split('/')[1]!)
      .filter((dir) => dir !== 'scripts' && dir !== 'tests'),
  )
  const inWeb = web
    .filter((i) => i.op === 'COPY')
    .map((i) =>
      i.args
        .split(/\s+/)
        .at(-2)
        ?.replace(/^\/app\//, ''),
    )
  for (const dir of needed) expect(inWeb, dir).toContain(dir)
})

type Service = {
  build?: { context: string; target: string }
  image?: string
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
  ports?: string[]
  volumes?: string[]
  networks?: string[]
}

const compose = () =>
  parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, Service>
    networks: { casino: { ipam: { config: { subnet: string }[] } } }
  }

test("compose.yaml: PostgreSQL, two casino APIs and two web instances built from the Dockerfile, HAProxy in front of each tier and of the APIs' game providers", () => {
  const { services } = compose()
  const targets = dockerfile().stages.map((s) => s.name)
  const byTarget = (target: string) => Object.keys(services).filter((n) => services[n]!.build?.target === target)
  expect(byTarget('casino-api')).toEqual(['casino-api-1', 'casino-api-2'])
  expect(byTarget('web')).toEqual(['web-1', 'web-2'])
  for (const target of ['casino-api', 'web']) expect(targets).toContain(target)
  expect(services.postgres!.image).toMatch(/^postgres:/)

  const haproxy = read('deploy/haproxy.cfg')
  expect(haproxy).toMatch(/option httpchk GET \/readyz/)
  expect(haproxy).toMatch(/http-check expect status 200/)
  expect(haproxy).toMatch(/balance roundrobin/)
  const lbs = Object.keys(services).filter((n) => services[n]!.image?.startsWith('haproxy:'))
  expect(lbs).toEqual(['api-lb', 'provider-lb', 'web-lb'])
  for (const [lb, tier, port] of [
    ['api-lb', ['casino-api-1', 'casino-api-2'], '4000'],
    ['provider-lb', ['casino-api-1', 'casino-api-2'], '4100'],
    ['web-lb', ['web-1', 'web-2'], '3000'],
  ] as const) {
    const service = services[lb]!
    expect(service.volumes).toEqual(['./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro'])
    // Every variable the configuration reads is set, and names the tier's servers at their ports.
    for (const [, name] of haproxy.matchAll(/\$\{(\w+)\}/g))
      expect(service.environment, `${lb}: ${name}`).toHaveProperty(name!)
    expect([service.environment!.SERVER_1, service.environment!.SERVER_2]).toEqual(tier.map((s) => `${s}:${port}`))
    for (const server of tier) expect(service.depends_on?.[server]?.condition).toBe('service_healthy')
  }
})

test('compose.yaml: every instance is checked on /readyz; the web reaches the casino APIs and the game provider only through their balancers', () => {
  const { services, networks } = compose()
  for (const name of ['casino-api-1', 'casino-api-2', 'web-1', 'web-2']) {
    expect(services[name]!.healthcheck!.test.join(' '), name).toContain("'/readyz'")
  }
  const apiLb = services['api-lb']!
  const providerLb = services['provider-lb']!
  for (const web of ['web-1', 'web-2']) {
    const env = services[web]!.environment!
    expect(env.CASINO_API_URL).toBe(`http://api-lb:${apiLb.environment!.LISTEN_PORT}`)
    expect(env.PROVIDER_URL).toBe(`http://provider-lb:${providerLb.environment!.LISTEN_PORT}`)
  }
  // Only the web tier's balancer and the game providers' (browsers open a live table's socket
  // there) are published: not the casino APIs, PostgreSQL or any metrics port.
  const published = Object.entries(services).filter(([, s]) => s.ports?.length)
  expect(published.map(([name]) => name)).toEqual(['provider-lb', 'web-lb'])
  expect(services['web-lb']!.ports).toEqual([`\${PUBLIC_PORT:-8080}:${services['web-lb']!.environment!.LISTEN_PORT}`])
  expect(providerLb.ports).toEqual([`\${PROVIDER_PUBLIC_PORT:-8100}:${providerLb.environment!.LISTEN_PORT}`])
  // The APIs' providers and the webs name that published address alike.
  for (const name of ['casino-api-1', 'web-1'])
    expect(services[name]!.environment!.PROVIDER_PUBLIC_URL).toBe('${PROVIDER_PUBLIC_URL:-http://localhost:8100}')
  // X-Forwarded-For is believed from the private network only, where the balancers and webs are.
  const subnet = networks.casino.ipam.config[0]!.subnet
  expect(services['casino-api-1']!.environment!.TRUSTED_PROXIES).toBe(subnet)
  expect(services['web-1']!.environment!.TRUST_PROXY).toBe(subnet)
})

test('compose.yaml: the instances of a tier share their secrets and database; every required variable is in example.env', () => {
  const { services } = compose()
  const env = (name: string) => services[name]!.environment!
  expect(env('web-1')).toEqual(env('web-2'))
  expect(env('casino-api-1')).toEqual(env('casino-api-2'))
  expect(env('web-1').SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/)
  expect(env('casino-api-1').PROVIDER_SECRET).toMatch(/^\$\{PROVIDER_SECRET:\?/)
  // The casino APIs' database is the postgres service's, with its user and database.
  const pg = services.postgres!.environment!
  const url = env('casino-api-1').DATABASE_URL!
  expect(url).toMatch(
    new RegExp(`^postgres://${pg.POSTGRES_USER}:\\$\\{POSTGRES_PASSWORD:\\?[^}]*\\}@postgres:5432/${pg.POSTGRES_DB}$`),
  )
  expect(pg.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/)
  // Each casino API keeps its own data folder.
  expect(services['casino-api-1']!.volumes).not.toEqual(services['casino-api-2']!.volumes)

  const text = read('deploy/compose.yaml')
  const required = new Set([...text.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]))
  const example = read('deploy/example.env')
  for (const name of required) expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'))
  expect(existsSync(resolve(ROOT, 'deploy/example.api.env'))).toBe(true)
})
