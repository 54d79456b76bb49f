// `npm run icons`: the web app manifest's PNG icons (public/icon-*.png), drawn from public/logo.svg
// by Debian's Chromium (CHROMIUM, default /usr/bin/chromium). Chromium offers to install the site
// only with a PNG icon of 192 and one of 512 pixels. The 'any' icons are the logo on a transparent
// ground; the maskable ones put it on the site's background inside the safe zone (the circle of
// 80 % of the width that every mask keeps), so no launcher's shape cuts it. Run it again when the
// logo changes, and commit the files.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const publicDir = join(import.meta.dirname, '../public')
const logo = readFileSync(join(publicDir, 'logo.svg'), 'utf8')
const BACKGROUND = '#0d0e12'

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  for (const size of [192, 512]) {
    for (const maskable of [false, true]) {
      const page = await browser.newPage({ viewport: { width: size, height: size } })
      // The logo is a circle filling its box: at 76 % of the width it stays inside the safe zone.
      const drawn = maskable ? Math.round(size * 0.76) : size
      await page.setContent(
        `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? BACKGROUND : 'transparent'}">` +
          logo.replace(/width="\d+" height="\d+"/, `width="${drawn}" height="${drawn}"`) +
          '</body>',
      )
      await page.screenshot({
        path: join(publicDir, `icon-${maskable ? 'maskable-' : ''}${size}.png`),
        omitBackground: !maskable,
      })
      await page.close()
    }
  }
} finally {
  await browser.close()
}
