/**
 * The pages whose address ends in a secret e-mailed to the player (activation, password reset,
 * e-mail confirmation): `/activate/<token>`, with or without the `/en` prefix. Their paths are
 * never logged with the token and their answers are never stored by a browser.
 */
const TOKEN_PATH = /^((?:\/en)?\/(?:reset-password|activate|confirm-email))\/[^/]+/

export function isTokenPath(pathname: string) {
  return TOKEN_PATH.test(pathname)
}

/** The path with its token replaced by `:token` (for logs). */
export function withoutToken(pathname: string) {
  return pathname.replace(TOKEN_PATH, '$1/:token')
}
