// `npm start`: builds the web app when no build exists yet, then serves it in production mode.
// Without CASINO_API_URL the server also starts the embedded casino API (see server/index.ts).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('build/server/index.js')) {
  console.log('No build found: building the web app first (npm run build)…')
  const r = spawnSync('react-router', ['build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
// Production needs PUBLIC_URL; on this machine the site is http://localhost:$PORT.
process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT || 3000}`
// Production needs SESSION_SECRET; on a fresh clone, generate one once and keep it in DATA_DIR.
if (!process.env.SESSION_SECRET) {
  const { ensureSessionSecret } = await import('../server/secret.ts')
  const log = { info: (obj: object, msg?: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })) }
  process.env.SESSION_SECRET = ensureSessionSecret(process.env.DATA_DIR || './data', log)
}
await import('../server/index.ts')
