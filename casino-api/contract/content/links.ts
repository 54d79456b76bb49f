/**
 * The addresses an administrator gives site content: a slide's image and link, a promotion's
 * link. One rule for a path on this site, for the admin form's check (schemas.ts) and for the
 * pages that make a link or an image of it (the web app's home and promotion pages, where an
 * entry saved before the rule may still hold anything). No zod here: the pages' browser code
 * imports it.
 */

// oxlint-disable-next-line no-control-regex -- these are the characters it refuses
const UNSAFE_CHARACTER = /[\s\\\u0000-\u001f\u007f-\u009f]/u
/** A percent-encoded slash, backslash or control character: decoded along the way, it is one again. */
const UNSAFE_ESCAPE = /%(?:2f|5c|[01][0-9a-f]|7f)/i
/** A `.` or `..` segment: a browser resolves `/.//host` to the path `//host`. */
const DOT_SEGMENT = /^[^?#]*\/\.{1,2}(?:[/?#]|$)/

/**
 * A path on this site ('/promotion/welcome', '/slides/welcome.svg'): one slash and then neither a
 * slash nor a backslash (`//host` and `/\host` are another site to a browser); no backslash,
 * whitespace or control character anywhere (browsers drop tabs and newlines, so `/<tab>/host` is
 * `//host`); no percent-encoded slash, backslash or control character; no dot segment.
 */
export function isSitePath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !/^\/[/\\]/.test(value) &&
    !UNSAFE_CHARACTER.test(value) &&
    !UNSAFE_ESCAPE.test(value) &&
    !DOT_SEGMENT.test(value)
  )
}

/** A content entry's link as it may be served and shown: a site path, an https address, or none. */
export const contentLink = (value: string | null) =>
  value !== null && (isSitePath(value) || isWebLink(value)) ? value : null

/** An address on another site, over https only, written as a browser will read it. */
export function isWebLink(value: string): boolean {
  if (!/^https:\/\/[^/\\]/.test(value) || UNSAFE_CHARACTER.test(value)) return false
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
