import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'
import type { Site } from '../site.ts'

/** This response's CSP nonce (request-log.ts made it), as a source of the policy. */
const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce}'`

/** The built-in game provider's public origin, once it is known. */
const providerOrigin = (site: Site) => {
  const url = site.providerPublicUrl()
  return url && URL.canParse(url) ? new URL(url).origin : undefined
}

/**
 * The built-in game provider's live socket (ws: or wss: on its public origin), where the site's
 * realtime relay is not; 'self' alone when it is not known yet.
 */
const providerSocket = (site: Site) => () => {
  const origin = providerOrigin(site)
  return origin ? `'self' ${origin.replace(/^http/, 'ws')}` : "'self'"
}

/** The game clients' origins: the built-in provider's (once known) and other providers' (GAME_FRAME_ORIGINS). */
const frameSources = (site: Site) => () =>
  [providerOrigin(site), ...site.gameFrameOrigins].filter(Boolean).join(' ') || "'none'"

const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(self)')
  next()
}

/** The Content Security Policy, HSTS and the other security headers of every answer. */
export function securityHeaders(site: Site): RequestHandler[] {
  const { production } = site
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Production: only our files and inline scripts carrying this response's nonce.
        // Development: Vite's client and React Refresh need inline and eval'd code.
        scriptSrc: production ? ["'self'", nonce] : ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
        // Production: the site's stylesheet comes inline in the page's head (its `<style>`
        // carries the nonce); style attributes stay forbidden.
        styleSrc: production ? ["'self'", nonce] : ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: production ? [providerSocket(site)] : ["'self'", 'ws:', 'wss:'],
        // Every game client is on its provider's origin; the site frames none of its own pages.
        frameSrc: [frameSources(site)],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        // Only where the site is served over https (a plain-http localhost would lose its assets).
        // Decided once, from the public URL the server started with.
        upgradeInsecureRequests: site.publicOrigin()?.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'sameorigin' },
  })
  return [headers, permissionsPolicy]
}
