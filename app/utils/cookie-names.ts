/** Names of the site's readable cookies, shared by server code and the browser. */
export const THEME_COOKIE = 'theme'
export const LOCALE_COOKIE = 'lng'
/** Theme and language choices are kept a year (the spec's locale cookie lifetime: 365 days). */
export const PREFERENCE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
/** Set beside a flash toast so the browser's router knows to reload the root's data. */
export const FLASH_MARKER_COOKIE = 'flash'
