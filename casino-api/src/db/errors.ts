/**
 * The PostgreSQL error behind a failed query, whichever driver raised it (drizzle wraps driver
 * errors in DrizzleQueryError, with the driver's error as `cause`).
 */
export type PgError = { code: string; constraint?: string }

export function pgErrorOf(error: unknown): PgError | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) }
    }
  }
  return null
}

export const isUniqueViolation = (error: unknown) => pgErrorOf(error)?.code === '23505'

/**
 * A loggable summary of an error that never carries query parameters (drizzle puts them in the
 * message: password hashes, token hashes, e-mail addresses...).
 */
export function safeErrorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) }
  const query = (error as { query?: unknown }).query
  const pg = pgErrorOf(error)
  const cause = (error as { cause?: unknown }).cause
  return {
    type: error.name,
    message: typeof query === 'string' ? `Failed query: ${query}` : error.message,
    ...(pg ? { pgCode: pg.code, constraint: pg.constraint } : {}),
    ...(cause instanceof Error ? { cause: cause.message } : {}),
    stack: error.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .join('\n'),
  }
}

/**
 * Whether an id from a request can be a uuid key: anything else is refused before a query, which
 * PostgreSQL would answer with an error (invalid input syntax) instead of no row.
 */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
