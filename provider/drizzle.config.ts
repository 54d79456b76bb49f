import { defineConfig } from 'drizzle-kit'

// Run from the repository root: `npm run db:generate:provider` writes a new SQL migration into
// provider/drizzle/ from the provider's schema; the provider applies pending ones at start, in a
// schema of its own (provider/server/db.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './provider/server/db/schema.ts',
  out: './provider/drizzle',
})
