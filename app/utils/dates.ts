/** The site's own time zone: the same text on the server and in the browser (no hydration drift). */
export const SITE_TIME_ZONE = 'Europe/Madrid'

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsOf(value: Date, timeZone: string) {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  const parts: Record<string, string> = {}
  for (const part of f.formatToParts(value)) parts[part.type] = part.value
  return parts
}

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`)
  return date
}

/** 'YYYY.MM.DD hh:mm:ss' (24-hour clock) in the site's time zone, or the one given. */
export function formatDateTime(value: Date | string | number, timeZone = SITE_TIME_ZONE): string {
  const p = partsOf(toDate(value), timeZone)
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/** 'YYYY.MM.DD' in the site's time zone, or the one given. */
export function formatDate(value: Date | string | number, timeZone = SITE_TIME_ZONE): string {
  const p = partsOf(toDate(value), timeZone)
  return `${p.year}.${p.month}.${p.day}`
}
