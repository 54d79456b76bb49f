import { defineConfig } from 'drizzle-kit'

// Run from the repository root: `npm run db:generate` writes a new SQL migration into
// casino-api/drizzle/ from the schema; the service applies pending ones at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './casino-api/src/db/schema.ts',
  out: './casino-api/drizzle',
})
