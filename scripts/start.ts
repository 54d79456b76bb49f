// `npm start`: builds the web app when there is no build or the sources changed since the last
// one (a `git pull`: see build-stamp.ts), then serves it in production mode. Without
// CASINO_API_URL the server also starts the embedded casino API (see server/index.ts).
import { buildAll, staleBuildReason } from './build-stamp.ts'

const ROOT = process.cwd()
const stale = staleBuildReason(ROOT)
if (stale) {
  console.log(`${stale}: building the web app first (npm run build)…`)
  const status = buildAll(ROOT)
  if (status !== 0) process.exit(status)
}
process.env.NODE_ENV ??= 'production'
// `npm start` is for trying the site on one machine: with the demo player, unless told otherwise.
process.env.SEED_DEMO ??= 'true'
// The payment processors' sandbox (test cards, the BIP test mnemonic's crypto keys): see the README.
process.env.PAYMENTS_SANDBOX ??= 'true'
// Production needs PUBLIC_URL; on this machine the site is http://localhost:$PORT.
process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT || 3000}`
// Production needs SESSION_SECRET; on a fresh clone, generate one once and keep it in DATA_DIR.
if (!process.env.SESSION_SECRET) {
  const { ensureSessionSecret } = await import('#server/secret.ts')
  const log = {
    info: (obj: object, msg?: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })),
  }
  process.env.SESSION_SECRET = ensureSessionSecret(process.env.DATA_DIR || './data', log)
}
// The npm script execs this process, so npm's SIGTERM and SIGINT reach it and stop the server
// (server/index.ts). Should npm go away without passing a signal on (killed, or a shell in
// between), this process is orphaned: it then stops itself the same way rather than keep the port.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM')
}, 500).unref()
await import('#server/index.ts')
