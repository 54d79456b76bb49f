/** Writes docs/openapi.json from the contract: `npm run openapi` (a test fails while it is stale). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { OPENAPI_FILE, renderOpenApi } from './openapi.ts'

mkdirSync(dirname(OPENAPI_FILE), { recursive: true })
writeFileSync(OPENAPI_FILE, renderOpenApi())
console.log(`wrote ${relative(process.cwd(), OPENAPI_FILE)}`)
