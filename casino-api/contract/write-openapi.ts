/**
 * Writes each service's OpenAPI document from the contract: `npm run openapi` (a test fails while
 * one is stale): docs/openapi.json (the casino API), docs/provider-openapi.json (the built-in
 * game provider).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { OPENAPI_FILE, PROVIDER_OPENAPI_FILE, renderOpenApi } from './openapi.ts'

for (const [file, service] of [
  [OPENAPI_FILE, 'casino'],
  [PROVIDER_OPENAPI_FILE, 'provider'],
] as const) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, renderOpenApi(service))
  console.log(`wrote ${relative(process.cwd(), file)}`)
}
