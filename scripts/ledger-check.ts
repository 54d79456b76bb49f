// `npm run ledger:check`: proves the ledger's invariants on the whole database of the casino API
// (casino-api/src/wallet/check.ts): each transaction's postings sum to zero, each balance equals
// its postings, no player balance is negative, the wallet's and wagering's records agree with the
// ledger, each game round agrees with its wallet movements, no revealed seed pair has an open
// round, and each bonus's grant and close moved what the bonus records. Prints a summary; exits 1
// on any violation, 2 when it cannot check.
//
// The game rounds are the provider's, in its schema beside the casino's (ADR 0049), which it
// answers a thousand at a time (provider/server/reconcile.ts).
//
// The database: DATABASE_URL (and DATABASE_SCHEMA) for PostgreSQL, which may be live; otherwise
// the PGlite files in DATA_DIR (./data), which only one process may open: stop the site first.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { openDatabase, type OpenedDatabase } from '#casino-api/src/db/open.ts'
import { checkLedger } from '#casino-api/src/wallet/check.ts'
import { openProviderDatabase } from '#provider/server/db/open.ts'
import { providerRecords } from '#provider/server/reconcile.ts'

const env = process.env
let opened: OpenedDatabase
let where: string
try {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL)
    where = `PostgreSQL ${url.host}${url.pathname}${env.DATABASE_SCHEMA ? `, schema ${env.DATABASE_SCHEMA}` : ''}`
    opened = await openDatabase({ driver: 'postgres', url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA || undefined })
  } else {
    const dir = resolve(env.DATA_DIR || './data', 'db')
    where = `PGlite ${dir}`
    if (!existsSync(dir)) throw new Error(`no database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`)
    opened = await openDatabase({ driver: 'pglite', dataDir: dir })
  }
} catch (error) {
  console.error(`ledger:check: cannot open the database: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}

try {
  const report = await checkLedger(opened.db, providerRecords(await openProviderDatabase(opened)))
  const money = Object.entries(report.playerMoney)
    .map(([currency, cents]) => `${(cents / 100).toFixed(2)} ${currency}`)
    .join(', ')
  console.log(`Ledger check of ${where}`)
  console.log(`  ${report.transactions} transactions, ${report.postings} postings, ${report.accounts} accounts`)
  console.log(`  ${report.walletTransactions} game wallet transactions kept for replays`)
  console.log(`  players hold ${money || 'nothing'}; all postings sum to ${report.postingSum}`)
  for (const rule of report.rules) {
    const broken = report.violations.filter((v) => v.rule === rule)
    console.log(`  ${broken.length ? 'FAIL' : 'ok  '} ${rule}`)
    for (const v of broken) console.log(`         ${v.detail}`)
  }
  if (report.violations.length) {
    console.log(`ledger:check: ${report.violations.length} violation(s) (at most 5 shown per rule)`)
    process.exitCode = 1
  } else {
    console.log('ledger:check: every invariant holds')
  }
} finally {
  await opened.close()
}
