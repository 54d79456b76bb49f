import zlib from 'node:zlib'
import compression from 'compression'

/**
 * Brotli for the browsers that take it, at quality 3 with a 64 KiB window: pages are made for
 * each request, so the encoder's time counts more than its last bytes (quality 4, the module's
 * default, took half as long again on a 35 KB page for 5 % fewer bytes), and no page comes near
 * 64 KiB (each response's encoder allocates its window). An answer that already has its
 * Content-Encoding (static-files.ts) is left alone.
 */
export const compressAnswers = compression({
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 } },
})
