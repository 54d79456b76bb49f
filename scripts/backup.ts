// `npm run backup [-- <file>]` and `npm run restore -- <file>`: the casino API's database, as
// `ledger:check` finds it. PostgreSQL (DATABASE_URL, and DATABASE_SCHEMA when set): pg_dump's
// custom format, restored in one psql transaction that drops the casino's schemas and runs the
// backup's SQL; the site may run during a backup (pg_dump reads one snapshot), not during a
// restore. PGlite (the files in DATA_DIR/db): PGlite's own dump of its data folder (a .tar.gz),
// which only one process may open: stop the site for both. A restore keeps the folder it replaces
// beside it.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { ensurePrivateDir, makeTreePrivate, PRIVATE_FILE_MODE } from '#casino-api/src/files.ts'

type Target =
  | { kind: 'postgres'; url: URL; password: string; schema?: string; label: string }
  | { kind: 'pglite'; dir: string; label: string }

const env = process.env
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-')

function target(): Target {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL)
    // The password goes to pg_dump in its environment, never on a command line others can list.
    const password = decodeURIComponent(url.password)
    url.password = ''
    const schema = env.DATABASE_SCHEMA || undefined
    return {
      kind: 'postgres',
      url,
      password,
      schema,
      label: `PostgreSQL ${url.host}${url.pathname}${schema ? `, schema ${schema}` : ''}`,
    }
  }
  const dir = resolve(env.DATA_DIR || './data', 'db')
  return { kind: 'pglite', dir, label: `PGlite ${dir}` }
}

/** What the operator is told before the exit 1 (thrown, so that temporary files are removed first). */
class Failure extends Error {}

function fail(message: string): never {
  throw new Failure(message)
}

/** Runs pg_dump, pg_restore or psql; their own messages go to stderr. */
function run(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[], password: string) {
  const result = spawnSync(tool, args, { stdio: 'inherit', env: { ...env, PGPASSWORD: password || env.PGPASSWORD } })
  if (result.error) fail(`cannot run ${tool} (apt-get install postgresql-client): ${result.error.message}`)
  if (result.status !== 0) fail(`${tool} failed (exit ${result.status})`)
}

async function backup(db: Target, file: string | undefined) {
  const out = resolve(
    file ?? `${env.BACKUP_DIR || './backups'}/casino-${stamp()}.${db.kind === 'postgres' ? 'pgdump' : 'tar.gz'}`,
  )
  // Backups hold every player's data: a private folder, a private file.
  await ensurePrivateDir(dirname(out))
  if (db.kind === 'postgres') {
    writeFileSync(out, '', { mode: PRIVATE_FILE_MODE })
    // With DATABASE_SCHEMA the job queue lives in <schema>_jobs beside it (db/open.ts), and the
    // game provider's tables in <schema>_provider (ADR 0049): all three go.
    const schemas = db.schema
      ? [db.schema, `${db.schema}_jobs`, `${db.schema}_provider`].map((n) => `--schema=${n}`)
      : []
    run('pg_dump', ['--format=custom', `--file=${out}`, ...schemas, `--dbname=${db.url}`], db.password)
  } else {
    if (!existsSync(db.dir)) fail(`no database in ${db.dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`)
    const pglite = await PGlite.create(db.dir)
    try {
      const dump = await pglite.dumpDataDir('gzip')
      writeFileSync(out, Buffer.from(await dump.arrayBuffer()), { mode: PRIVATE_FILE_MODE })
    } finally {
      await pglite.close()
    }
  }
  console.log(`backup: ${db.label} written to ${out}`)
}

async function restore(db: Target, file: string | undefined) {
  if (!file) fail('name the backup file: npm run restore -- <file>')
  const from = resolve(file)
  if (!existsSync(from)) fail(`no file ${from}`)
  const bytes = readFileSync(from)
  // pg_dump's custom format starts "PGDMP"; PGlite's dump is gzip (1f 8b).
  const kind =
    bytes.subarray(0, 5).toString('latin1') === 'PGDMP'
      ? 'postgres'
      : bytes[0] === 0x1f && bytes[1] === 0x8b
        ? 'pglite'
        : null
  if (kind !== db.kind)
    fail(
      `${from} is ${kind ? `a ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} backup` : 'not a backup of this tool'}, and the database is ${db.label}`,
    )
  if (db.kind === 'postgres') {
    // The casino's schemas are dropped and the backup's SQL (pg_restore's output) recreates them,
    // all in one psql transaction: it replaces everything, or changes nothing. (pg_restore --clean
    // cannot drop the job queue's partitioned tables one constraint at a time.)
    const schemas = db.schema
      ? [db.schema, `${db.schema}_jobs`, `${db.schema}_provider`]
      : ['public', 'drizzle', 'pgboss', 'provider']
    const drops = schemas
      .map((name) => `DROP SCHEMA IF EXISTS "${name}" CASCADE;${name === 'public' ? ' CREATE SCHEMA public;' : ''}`)
      .join(' ')
    // The backup as SQL first, whole (a private folder): psql never commits half of one.
    const work = mkdtempSync(join(tmpdir(), 'casino-restore-'))
    try {
      const script = join(work, 'restore.sql')
      run('pg_restore', ['--no-owner', `--file=${script}`, from], db.password)
      run(
        'psql',
        [
          '--no-psqlrc',
          '--quiet',
          '--single-transaction',
          '--set=ON_ERROR_STOP=1',
          `--command=${drops}`,
          `--file=${script}`,
          `--dbname=${db.url}`,
        ],
        db.password,
      )
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  } else {
    if (existsSync(db.dir)) {
      const kept = `${db.dir}.before-restore-${stamp()}`
      renameSync(db.dir, kept)
      console.log(`restore: the database it replaces is kept in ${kept}`)
    }
    await mkdir(dirname(db.dir), { recursive: true })
    await ensurePrivateDir(db.dir)
    const pglite = await PGlite.create(db.dir, { loadDataDir: new Blob([bytes]) })
    await pglite.close()
    await makeTreePrivate(db.dir)
  }
  console.log(`restore: ${db.label} restored from ${from}; check it with npm run ledger:check`)
}

const command = process.argv[2] === 'restore' ? 'restore' : 'backup'
const db = target()
try {
  await (command === 'restore' ? restore(db, process.argv[3]) : backup(db, process.argv[3]))
} catch (error) {
  if (!(error instanceof Failure)) throw error
  console.error(`${command}: ${error.message}`)
  process.exitCode = 1
}
