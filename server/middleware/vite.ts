import type { Server } from 'node:http'
import path from 'node:path'
import type { RequestHandler } from 'express'
import type { ViteDevServer } from 'vite'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Development: Vite in middleware mode (hot reload on the site's own port when given its server). */
export function startVite(httpServer: Server | undefined): Promise<ViteDevServer> {
  return import('vite').then((v) =>
    v.createServer({
      root: ROOT,
      server: { middlewareMode: true, hmr: httpServer ? { server: httpServer } : true },
      appType: 'custom',
    }),
  )
}

/** Development: Vite's modules and files (the server build is compiled on demand: server/build.ts). */
export function viteFiles(vite: Promise<ViteDevServer>): RequestHandler {
  return (req, res, next) => {
    vite.then((server) => server.middlewares(req, res, next), next)
  }
}
