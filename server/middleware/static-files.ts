import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import express, { Router } from 'express'

/** Production: the service worker, the hashed assets (precompressed copies first) and build/client's other files. */
export function staticFiles(clientDir: string): Router {
  const router = Router()
  router.get('/sw.js', (_req, res, next) => {
    res.setHeader('Service-Worker-Allowed', '/')
    res.setHeader('Cache-Control', 'no-cache')
    res.sendFile(path.join(clientDir, 'sw.js'), (error) => error && next())
  })
  const assetsDir = path.join(clientDir, 'assets')
  router.use('/assets', precompressedAssets(assetsDir))
  router.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '1y', index: false }))
  router.use(clientEntries(clientDir))
  return router
}

/**
 * Hashed file names: cached for a year, never revalidated. The build wrote a brotli and a gzip
 * copy of each (vite.config.ts): the one the browser takes is sent as it is, and the compression
 * middleware leaves an answer that already has its Content-Encoding alone.
 */
function precompressedAssets(assetsDir: string): express.RequestHandler {
  let precompressed: Set<string> | undefined
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    precompressed ??= new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : [])
    const name = req.path.slice(1)
    if (!precompressed.has(name)) return next()
    // Brotli whenever the browser takes it (browsers list gzip first, at the same weight).
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : undefined
    res.vary('Accept-Encoding')
    const copy = encoding && `${name}.${encoding === 'br' ? 'br' : 'gz'}`
    if (!copy || !precompressed.has(copy)) return next()
    res.type(path.extname(name))
    res.setHeader('Content-Encoding', encoding)
    res.sendFile(copy, { root: assetsDir, immutable: true, maxAge: '1y' }, (error) => {
      if (!error || res.headersSent) return
      res.removeHeader('Content-Encoding')
      next()
    })
  }
}

/**
 * Pages are not files: only a path whose first segment names an entry of build/client costs a
 * file-system lookup (the build does not change while the server runs).
 */
function clientEntries(clientDir: string): express.RequestHandler {
  const files = express.static(clientDir, { maxAge: '10m', index: false })
  let entries: Set<string> | undefined
  return (req, res, next) => {
    entries ??= new Set(existsSync(clientDir) ? readdirSync(clientDir) : [])
    const first = req.path.split('/')[1] ?? ''
    let name = first
    try {
      name = decodeURIComponent(first)
    } catch {
      // not valid percent-encoding: serve-static would refuse it too
    }
    if (entries.has(name)) return files(req, res, next)
    next()
  }
}
