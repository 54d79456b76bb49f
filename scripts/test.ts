// `npm test`: builds the web app and the game client (the browser and integration tests serve the production
// build), then runs every vitest test file and prints one plain summary line for CI.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildAll } from './build-stamp.ts'

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env })

// Both builds, stamped: `npm start` (and its test) then knows they match the sources.
const built = buildAll(process.cwd())
if (built !== 0) process.exit(built)

const report = join(mkdtempSync(join(tmpdir(), 'casino-test-')), 'report.json')
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]
const tests = run('vitest', args)

try {
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
    numTodoTests: number
  }
  console.log(
    `\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  )
} catch {
  console.log('\ntests: 0 passed, 1 failed (no report was written)')
}
process.exit(tests.status ?? 1)
