import QRCode from 'qrcode'

/**
 * A QR code of a payment URI as an SVG made on the server, handed to the page as a data: image
 * (which the CSP allows): no script, no request of its own, no third party. Gold on the dark
 * surface would scan poorly, so it is black on white with the quiet zone the standard asks for.
 */
export async function qrDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
