// The bare page's server (and its logged-in floor, /floor): express, compression, static files and
// React Router's handler, as the casino's server (server/app.ts) serves its build (without the
// casino's own middleware).
// `node bench/bare-app/server.ts` after `react-router build bench/bare-app`; PORT (default 3100).
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { compressAnswers } from '../../server/middleware/compression.ts'

const buildDir = path.join(import.meta.dirname, 'build')
const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild

const app = express()
app.disable('x-powered-by')
// The casino's own compression middleware, so that both pay the same for it.
app.use(compressAnswers)
app.use(
  '/assets',
  express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
)
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '10m', index: false }))
app.all('/{*path}', createRequestHandler({ build, mode: 'production' }))

const server = app.listen(Number(process.env.PORT ?? 3100), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address()
  console.log(`bare page listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
