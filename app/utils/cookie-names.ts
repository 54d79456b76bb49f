/** Names of the site's readable cookies, shared by server code and the browser. */
export const THEME_COOKIE = 'theme'
export const LOCALE_COOKIE = 'lng'
/** Theme and language choices are kept a year (the spec's locale cookie lifetime: 365 days). */
export const PREFERENCE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
/** Set beside a flash toast so the browser's router knows to reload the root's data. */
export const FLASH_MARKER_COOKIE = 'flash'
/**
 * The device cookie (HttpOnly, never read by the browser's code): the casino API's device token
 * from this browser's last log-in, which lets the player in while the account is slowed down
 * for others. Not the session cookie: it stays after logout. `__Host-` is put before it on https.
 */
export const DEVICE_COOKIE = 'device'
