/**
 * A path taken from a request (the URL the visitor asked for) turned into a path on this site,
 * for redirects and links. Browsers read `//host`, `/\host` and `\\host` as another site, and
 * drop tabs and newlines before they do: so control characters go, backslashes in the path
 * become slashes, and any run of leading slashes collapses into one. The query and hash are kept
 * as they are. Whatever is left that would still leave the site (it cannot, but the check is
 * cheap) becomes '/'.
 */
// oxlint-disable-next-line no-control-regex -- these are the characters to remove
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g
/** One leading slash, then no slash or backslash; no backslash or control character anywhere. */
// oxlint-disable-next-line no-control-regex -- these are the characters it refuses
const PLAIN_PATH = /^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/

export function sameSitePath(path: string): string {
  // Nearly every path (each link of every page): already on the site, returned without parsing.
  if (PLAIN_PATH.test(path)) return path
  const cut = path.search(/[?#]/)
  const rawPath = cut === -1 ? path : path.slice(0, cut)
  const rest = cut === -1 ? '' : path.slice(cut).replace(CONTROL_CHARACTERS, '')
  const pathname = `/${rawPath.replace(CONTROL_CHARACTERS, '').replace(/\\/g, '/').replace(/^\/+/, '')}`
  const safe = pathname + rest
  const base = 'http://same-site.invalid'
  try {
    return new URL(safe, base).origin === base ? safe : '/'
  } catch {
    return '/'
  }
}
