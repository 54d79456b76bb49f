import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ViteDevServer } from 'vite'
import { createRequestHandler, type RouterContext, type ServerBuild } from 'react-router'

type EntryExports = {
  requestContext?: RouterContext<unknown>
  configureServerEnv?: (overrides: { sessionSecrets?: string[]; cookieSecure?: boolean }) => void
}

/** Session secrets and cookie flags from createWebApp's options (tests): they win over the environment. */
export type ServerEnv = { sessionSecrets?: string[]; cookieSecure?: boolean }

/** React Router's request handler and the context key its routes read the request's context from. */
export type RouterHandler = { handle: ReturnType<typeof createRequestHandler>; requestContext: RouterContext<unknown> }

function entryOf(build: ServerBuild): Required<EntryExports> {
  const entry = build.entry.module as unknown as EntryExports
  if (!entry.requestContext || !entry.configureServerEnv)
    throw new Error('The server build does not export requestContext and configureServerEnv from app/entry.server.tsx')
  return entry as Required<EntryExports>
}

function configured(build: ServerBuild, env: ServerEnv) {
  entryOf(build).configureServerEnv({ sessionSecrets: env.sessionSecrets, cookieSecure: env.cookieSecure })
  return build
}

/**
 * Production: one handler for the process, given the build itself (not a function that loads
 * it), so React Router prepares its routes and matcher once instead of on every request.
 */
export function builtHandler(
  options: ServerEnv & { build?: ServerBuild; buildDir: string },
): () => Promise<RouterHandler> {
  let handler: Promise<RouterHandler> | undefined
  const load = async () =>
    configured(
      options.build ??
        ((await import(pathToFileURL(path.join(options.buildDir, 'server/index.js')).href)) as ServerBuild),
      options,
    )
  return () =>
    (handler ??= load().then((build) => ({
      handle: createRequestHandler(build, 'production'),
      requestContext: entryOf(build).requestContext,
    })))
}

/** Development: the build function, so Vite's fresh modules are picked up on every request. */
export function viteHandler(vite: Promise<ViteDevServer>, env: ServerEnv): () => Promise<RouterHandler> {
  const load = async () =>
    configured((await (await vite).ssrLoadModule('virtual:react-router/server-build')) as ServerBuild, env)
  return async () => {
    const { requestContext } = entryOf(await load())
    return { handle: createRequestHandler(load, 'development'), requestContext }
  }
}
