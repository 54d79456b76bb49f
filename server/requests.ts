import type { IncomingMessage } from 'node:http'
import { KYC_MAX_BYTES } from '#contract'

/** Methods the site answers: pages (GET, HEAD) and form posts (POST). Anything else is a 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const

/** The largest form body the site reads (urlencoded or multipart): a login or registration is a few KiB. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024
/** The Verification tab's upload (ADR 0067): one image of up to 5 MB, and the form around it. */
export const UPLOAD_BODY_LIMIT_BYTES = KYC_MAX_BYTES + FORM_BODY_LIMIT_BYTES
const UPLOAD_PATH = /^(\/en)?\/user-management\/verification(\.data)?$/

/** The largest body a path takes: the upload's page its own, every other form 64 KiB. */
export const bodyLimitOf = (path: string) => (UPLOAD_PATH.test(path) ? UPLOAD_BODY_LIMIT_BYTES : FORM_BODY_LIMIT_BYTES)

/** The content types of a form post (what React Router's actions read with request.formData()). */
export function formContentType(header: string | undefined): 'urlencoded' | 'multipart' | null {
  const type = header?.split(';')[0]?.trim().toLowerCase()
  if (type === 'application/x-www-form-urlencoded') return 'urlencoded'
  if (type === 'multipart/form-data' && /;\s*boundary=("[^"]+"|[^\s;]+)/i.test(header ?? '')) return 'multipart'
  return null
}

export type BodyOutcome = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' }

/**
 * Reads a request body into memory, counting what arrives (a chunked body has no
 * Content-Length): past `limit` bytes it stops keeping the data, discards the rest as it comes
 * and answers 'too_large', so memory never holds more than `limit`.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (outcome: BodyOutcome) => {
      if (done) return
      done = true
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('aborted', onError)
      // Whatever still comes is read and dropped (the connection closes after the answer).
      if (!outcome.ok) req.resume()
      resolve(outcome)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) finish({ ok: false, reason: 'too_large' })
      else chunks.push(chunk)
    }
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) })
    const onError = () => finish({ ok: false, reason: 'aborted' })
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('aborted', onError)
  })
}

/** Whether a form body parses the way the action will read it (a broken multipart body does not). */
export async function isReadableForm(contentType: string, body: Buffer): Promise<boolean> {
  try {
    await new Request('http://form.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData()
    return true
  } catch {
    return false
  }
}
