import { Transform, type TransformCallback } from 'node:stream'

/**
 * React writes its HTML in views of at most 4 KiB and calls `flush()` after each batch: this
 * passes each batch on as one chunk, so that the response stream, the compression and the
 * socket see one write per batch instead of one per view (the page still streams batch by batch).
 */
export class BatchingStream extends Transform {
  #chunks: Buffer[] = []
  #onEnd: () => void
  #head: ((html: string) => string) | undefined
  /**
   * `head`, when given, rewrites the HTML of the batches up to the one that closes the document's
   * `<head>` (React writes the whole head in its first batch, so no tag is ever cut in two).
   */
  constructor(onEnd: () => void = () => {}, head?: (html: string) => string) {
    super()
    this.#onEnd = onEnd
    this.#head = head
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#chunks.push(chunk)
    callback()
  }
  flush() {
    if (this.#chunks.length === 0) return
    let batch = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks)
    this.#chunks = []
    const head = this.#head
    if (head) {
      const html = batch.toString('utf8')
      if (html.includes('</head>')) this.#head = undefined
      batch = Buffer.from(head(html), 'utf8')
    }
    this.push(batch)
  }
  override _flush(callback: TransformCallback) {
    this.flush()
    this.#onEnd()
    callback()
  }
}
