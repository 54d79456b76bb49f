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

const preload = (n: number) => `<link rel="modulepreload" href="/assets/c${n}.js"/>`

test('a tag left out of the head goes wherever it sits there, bytes untouched; the body keeps its own', async () => {
  const stream = new BatchingStream(undefined, { start: '<link rel="modulepreload" ', end: '/>' })
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  stream.write(new TextEncoder().encode(`<html><head>${preload(1)}<title>Año €</title>`))
  stream.write(new TextEncoder().encode(`${preload(2)}<style>a{}</style>${preload(3)}`))
  stream.flush()
  stream.write(new TextEncoder().encode(`${preload(4)}</head><body>${preload(5)}<p>ñ</p>`))
  stream.flush()
  stream.end(new TextEncoder().encode(`${preload(6)}</body></html>`))
  await new Promise((resolve) => stream.on('end', resolve))
  expect(chunks.map((c) => c.toString('utf8'))).toEqual([
    '<html><head><title>Año €</title><style>a{}</style>',
    `</head><body>${preload(5)}<p>ñ</p>`,
    `${preload(6)}</body></html>`,
  ])
})
