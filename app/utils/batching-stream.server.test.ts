import { expect, test } from 'vitest'
import { BatchingStream } from './batching-stream.server.ts'

test('a batch of writes goes on as one chunk at flush(), and the rest at the end', async () => {
  let ended = 0
  const stream = new BatchingStream(() => ended++)
  const chunks: string[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  stream.write(new TextEncoder().encode('<html>'))
  stream.write(new TextEncoder().encode('<body>'))
  stream.write(new TextEncoder().encode('<p>hola</p>'))
  stream.flush()
  stream.flush()
  stream.write(new TextEncoder().encode('</body>'))
  stream.end(new TextEncoder().encode('</html>'))
  await new Promise((resolve) => stream.on('end', resolve))
  expect(chunks).toEqual(['<html><body><p>hola</p>', '</body></html>'])
  expect(ended).toBe(1)
})
