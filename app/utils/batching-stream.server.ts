import { Transform, type TransformCallback } from 'node:stream'

/**
 * React writes its HTML in views of at most 4 KiB and calls `flush()` after each batch: this
 * passes each batch on as one chunk, so that the response stream, the compression and the
 * socket see one write per batch instead of one per view (the page still streams batch by batch).
 */
export class BatchingStream extends Transform {
  #chunks: Buffer[] = []
  #onEnd: () => void
  constructor(onEnd: () => void = () => {}) {
    super()
    this.#onEnd = onEnd
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#chunks.push(chunk)
    callback()
  }
  flush() {
    if (this.#chunks.length === 0) return
    this.push(this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks))
    this.#chunks = []
  }
  override _flush(callback: TransformCallback) {
    this.flush()
    this.#onEnd()
    callback()
  }
}
