/** Names of the site's readable cookies, shared by server code and the browser. */
export const THEME_COOKIE = 'theme'
export const LOCALE_COOKIE = 'lng'
/** Set beside a flash toast so the browser's router knows to reload the root's data. */
export const FLASH_MARKER_COOKIE = 'flash'
