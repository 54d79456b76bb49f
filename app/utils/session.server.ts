import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto'
import { parseCookie, stringifySetCookie } from 'cookie'
import { getEnv, getSessionSecrets, isSecureCookie } from './env.server.ts'
import { isLoggedOut } from './logged-out.server.ts'
import type { LoginRecord, MessageCode } from '#contract'

/**
 * The session lives only in one cookie, encrypted with AES-256-GCM: the browser holds
 * ciphertext it can neither read nor change (a changed byte fails the GCM tag and opens as an
 * empty session). Keys come from the secrets through HKDF; the first secret seals, every one
 * opens, so a secret can be rotated without signing everybody out.
 */

export const IDLE_TIMEOUT_SECONDS = 30 * 60
export const ABSOLUTE_TIMEOUT_SECONDS = 12 * 60 * 60

export type SessionData = {
  /** The casino API's bearer token: never leaves this cookie. */
  token: string
  playerId: string
  /** The account's log-in before the one that opened this session (null after the first). */
  previousLogin: LoginRecord | null
  /**
   * A log-in waiting for its code (two-factor authentication, ADR 0066): the casino API's
   * challenge, kept here like the token so that the browser never holds it.
   */
  loginChallenge: string
}
/** A message for the next page, shown as a toast: a catalogue code and its values (toast.server.ts). */
export type Toast = {
  type: 'success' | 'error' | 'info'
  code: MessageCode
  args?: (string | number)[]
}
export type FlashData = { toast: Toast }

type Payload = {
  v: 1
  /** created at, last active at: seconds since the epoch */
  c: number
  a: number
  d: Partial<SessionData>
  f: Partial<FlashData>
}

const VERSION_PREFIX = 'v1.'
const IV_BYTES = 12
const TAG_BYTES = 16
// Key objects, not buffers: a cipher made from a buffer converts it into a key object each time
// (a request opens the cookie several times).
const keyCache = new Map<string, KeyObject>()

function keyFor(secret: string): KeyObject {
  let key = keyCache.get(secret)
  if (!key) {
    key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'casino-session', 'aes-256-gcm cookie v1', 32)))
    keyCache.set(secret, key)
  }
  return key
}

export function seal(payload: unknown, secret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()])
  return VERSION_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
}

/** The payload and the index of the secret that opened it, or null (tampered, foreign, malformed). */
export function unseal(value: string, secrets: readonly string[]): { payload: unknown; secretIndex: number } | null {
  if (!value.startsWith(VERSION_PREFIX)) return null
  const raw = Buffer.from(value.slice(VERSION_PREFIX.length), 'base64url')
  if (raw.length < IV_BYTES + TAG_BYTES + 2) return null
  const iv = raw.subarray(0, IV_BYTES)
  const tag = raw.subarray(raw.length - TAG_BYTES)
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES)
  for (const [secretIndex, secret] of secrets.entries()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), iv)
      decipher.setAuthTag(tag)
      const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
      return { payload: JSON.parse(text), secretIndex }
    } catch {
      // wrong key or tampered: try the next secret
    }
  }
  return null
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

export class Session {
  #data: Partial<SessionData>
  #flash: Partial<FlashData>
  #dirty = false
  readonly createdAt: number
  readonly lastActiveAt: number
  /** True when no valid cookie came with the request (or it had expired). */
  readonly isNew: boolean
  /** Opened with an older secret: the next commit re-seals it with the current one. */
  readonly sealedWithOldSecret: boolean

  constructor(init?: { payload: Payload; sealedWithOldSecret: boolean }) {
    const now = nowSeconds()
    this.#data = { ...init?.payload.d }
    this.#flash = { ...init?.payload.f }
    this.createdAt = init?.payload.c ?? now
    this.lastActiveAt = init?.payload.a ?? now
    this.isNew = !init
    this.sealedWithOldSecret = init?.sealedWithOldSecret ?? false
  }

  get<K extends keyof SessionData>(key: K): SessionData[K] | undefined {
    return this.#data[key]
  }
  has(key: keyof SessionData): boolean {
    return this.#data[key] !== undefined
  }
  set<K extends keyof SessionData>(key: K, value: SessionData[K]) {
    this.#data[key] = value
    this.#dirty = true
  }
  unset(key: keyof SessionData) {
    delete this.#data[key]
    this.#dirty = true
  }
  /** A value for the next request only (a toast after a redirect). */
  flash<K extends keyof FlashData>(key: K, value: FlashData[K]) {
    this.#flash[key] = value
    this.#dirty = true
  }
  /** Whether a flash value waits for the next page. */
  hasFlash(key: keyof FlashData): boolean {
    return this.#flash[key] !== undefined
  }
  /** Reads a flash value and removes it: commit the session afterwards. */
  takeFlash<K extends keyof FlashData>(key: K): FlashData[K] | undefined {
    const value = this.#flash[key]
    if (value !== undefined) {
      delete this.#flash[key]
      this.#dirty = true
    }
    return value
  }
  /** Changed since it was opened (needs a commit to persist). */
  get dirty() {
    return this.#dirty
  }
  /** Whether anything is stored at all (an empty session is not worth a cookie). */
  get isEmpty() {
    return Object.keys(this.#data).length === 0 && Object.keys(this.#flash).length === 0
  }

  toPayload(now = nowSeconds()): Payload {
    return { v: 1, c: this.createdAt, a: now, d: { ...this.#data }, f: { ...this.#flash } }
  }
}

function isPayload(value: unknown): value is Payload {
  if (!value || typeof value !== 'object') return false
  const p = value as Partial<Payload>
  return (
    p.v === 1 &&
    typeof p.c === 'number' &&
    typeof p.a === 'number' &&
    typeof p.d === 'object' &&
    p.d !== null &&
    typeof p.f === 'object' &&
    p.f !== null
  )
}

/**
 * Opens a cookie value: an empty session when it is missing, tampered with, sealed with an
 * unknown secret, idle for more than 30 minutes or older than 12 hours.
 */
export function openSession(
  value: string | undefined,
  secrets: readonly string[] = getSessionSecrets(),
  now = nowSeconds(),
): Session {
  if (!value) return new Session()
  const opened = unseal(value, secrets)
  if (!opened || !isPayload(opened.payload)) return new Session()
  const { payload, secretIndex } = opened
  if (payload.c > now + 60 || now - payload.c > ABSOLUTE_TIMEOUT_SECONDS || now - payload.a > IDLE_TIMEOUT_SECONDS)
    return new Session()
  return new Session({ payload, sealedWithOldSecret: secretIndex > 0 })
}

export type CookieSettings = { name: string; secure: boolean }

/** `__Host-casino` (Secure, Path=/, no Domain) in production; `casino` on plain-http development. */
export function sessionCookieSettings(secure = isSecureCookie(getEnv())): CookieSettings {
  return secure ? { name: '__Host-casino', secure: true } : { name: 'casino', secure: false }
}

export function getSessionCookieName() {
  return sessionCookieSettings().name
}

export function readSessionCookie(request: Request): string | undefined {
  const header = request.headers.get('Cookie')
  if (!header) return undefined
  return parseCookie(header)[getSessionCookieName()]
}

/** The request's session; a session logged out on this server (a copy of its cookie) opens empty. */
export async function getSession(request: Request): Promise<Session> {
  const session = openSession(readSessionCookie(request))
  const token = session.get('token')
  if (token && isLoggedOut(token)) return new Session()
  return session
}

/** A fresh session (login): nothing of the previous one is carried over. */
export function newSession(): Session {
  return new Session()
}

/** The Set-Cookie value that stores the session (re-sealed with the newest secret, idle clock reset). */
export async function commitSession(
  session: Session,
  { secrets = getSessionSecrets(), now = nowSeconds() } = {},
): Promise<string> {
  const { name, secure } = sessionCookieSettings()
  const [current] = secrets
  if (!current) throw new Error('No session secret')
  const remaining = Math.max(0, session.createdAt + ABSOLUTE_TIMEOUT_SECONDS - now)
  return stringifySetCookie({
    name,
    value: seal(session.toPayload(now), current),
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: remaining,
  })
}

/** The Set-Cookie value that removes the session cookie. */
export async function destroySession(): Promise<string> {
  const { name, secure } = sessionCookieSettings()
  return stringifySetCookie({
    name,
    value: '',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: 0,
    expires: new Date(0),
  })
}
