import QRCode from 'qrcode'

/**
 * A QR code of a payment URI as an SVG made on the server: the deposit page shows it inline, so
 * it needs no script and no image request. Gold on the dark surface would scan poorly: the code
 * is black on white, with the quiet zone the standard asks for.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  })
}
