// A small cookie-keeping HTTP client that behaves like a browser with JavaScript off:
// it posts forms with the site's Origin and follows redirects by hand so tests can see them.

export type Page = { status: number; url: string; html: string; headers: Headers; setCookies: string[] }

export class Browser {
  cookies = new Map<string, string>()
  /** Every Set-Cookie header received, as sent (flags included), for inspection. */
  receivedCookies: string[] = []
  /** Every response body and header block received, for leak checks. */
  transcript: string[] = []
  readonly baseUrl: string
  readonly headers: Record<string, string>
  constructor(baseUrl: string, headers: Record<string, string> = {}) {
    this.baseUrl = baseUrl
    this.headers = headers
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  private remember(res: Response) {
    const set = res.headers.getSetCookie()
    this.receivedCookies.push(...set)
    for (const c of set) {
      const [pair = ''] = c.split(';')
      const i = pair.indexOf('=')
      const name = pair.slice(0, i).trim()
      const value = pair.slice(i + 1).trim()
      const expired = /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return set
  }

  async request(path: string, init: RequestInit = {}, follow = true): Promise<Page> {
    let url = new URL(path, this.baseUrl).toString()
    let res: Response
    let setCookies: string[] = []
    for (let hops = 0; ; hops++) {
      res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...this.headers, ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
      })
      setCookies = setCookies.concat(this.remember(res))
      const location = res.headers.get('location')
      if (!follow || !location || res.status < 300 || res.status >= 400 || hops > 10) break
      this.transcript.push(JSON.stringify([...res.headers]))
      url = new URL(location, url).toString()
      init = { method: 'GET' }
    }
    const html = await res.text()
    this.transcript.push(JSON.stringify([...res.headers]), html)
    return { status: res.status, url, html, headers: res.headers, setCookies }
  }

  get(path: string, follow = true) {
    return this.request(path, {}, follow)
  }

  /** A form post as a browser sends it: urlencoded body, same-origin Origin header. */
  post(path: string, fields: Record<string, string | string[]>, opts: { follow?: boolean; origin?: string } = {}) {
    const body = new URLSearchParams()
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one)
    return this.request(
      path,
      {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: opts.origin ?? new URL(this.baseUrl).origin,
        },
      },
      opts.follow ?? true,
    )
  }
}

/** The visible text of an HTML page, tags stripped and entities decoded, for assertions. */
export function textOf(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
}
