import { afterEach, vi } from 'vitest'

// An unexpected console.error is a bug a player would eventually see: fail the test on it.
// A test that expects one stubs console.error itself (vi.spyOn(console, 'error').mockImplementation).
let errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
afterEach(() => {
  const seen = errors
  errors = []
  if (seen.length && !vi.isMockFunction(console.error)) {
    throw new Error(`console.error was called ${seen.length} time(s): ${String(seen[0]?.[0]).slice(0, 300)}`)
  }
})
