import { Transform, type TransformCallback } from 'node:stream'

/** A kind of tag to leave out of the document's head: from `start` up to the first `end` after it. */
export type HeadTag = { start: string; end: string }

/**
 * The page is rendered on the server and works without JavaScript, so its content comes before
 * its code: React Router's `<link rel="modulepreload">`s (hoisted into the head) are left out, and
 * the scripts load from the module script at the end of the body (its imports, then theirs). On
 * a slow network the body no longer shares the bandwidth with the scripts and paints sooner;
 * hydration starts a round trip or two later (ADR 0023). The site's pages and the provider's game
 * client alike.
 */
export const MODULE_PRELOAD: HeadTag = { start: '<link rel="modulepreload" ', end: '/>' }

/**
 * React writes its HTML in views of at most 4 KiB and calls `flush()` after each batch: this
 * passes each batch on as one chunk, so that the response stream, the compression and the
 * socket see one write per batch instead of one per view (the page still streams batch by batch).
 */
export class BatchingStream extends Transform {
  #chunks: Buffer[] = []
  #onEnd: () => void
  #drop: { start: Buffer; end: Buffer } | undefined
  /**
   * `dropFromHead`, when given, is a tag taken out of the batches up to the one that closes the
   * document's `<head>` (React writes the whole head in its first batch, so no tag is ever cut in
   * two). The bytes are searched as they are: a page is not decoded and encoded again for it.
   */
  constructor(onEnd: () => void = () => {}, dropFromHead?: HeadTag) {
    super()
    this.#onEnd = onEnd
    this.#drop = dropFromHead && { start: Buffer.from(dropFromHead.start), end: Buffer.from(dropFromHead.end) }
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#chunks.push(chunk)
    callback()
  }
  flush() {
    if (this.#chunks.length === 0) return
    const batch = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks)
    this.#chunks = []
    this.push(this.#drop ? this.#dropTags(batch, this.#drop) : batch)
  }
  #dropTags(batch: Buffer, { start, end }: { start: Buffer; end: Buffer }) {
    const headEnd = batch.indexOf('</head>')
    if (headEnd !== -1) this.#drop = undefined
    const limit = headEnd === -1 ? batch.length : headEnd
    const kept: Buffer[] = []
    let from = 0
    for (let at = batch.indexOf(start); at !== -1 && at < limit; at = batch.indexOf(start, from)) {
      const close = batch.indexOf(end, at + start.length)
      if (close === -1 || close > limit) break
      kept.push(batch.subarray(from, at))
      from = close + end.length
    }
    if (from === 0) return batch
    kept.push(batch.subarray(from))
    return Buffer.concat(kept)
  }
  override _flush(callback: TransformCallback) {
    this.flush()
    this.#onEnd()
    callback()
  }
}
