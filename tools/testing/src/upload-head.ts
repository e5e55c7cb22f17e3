/**
 * The head of a large upload, for tests of refusals that must come before the body is
 * read: the request line, headers that announce `declaredBytes` of multipart body, and
 * only the first `sentBytes` of it, over a socket that then sends nothing more. A server
 * that refuses first answers at once; one that reads the body waits for bytes that never
 * come, and the answer times out.
 */
import { connect } from 'node:net'

export interface HeadAnswer {
  status: number
  body: any
}

const BOUNDARY = 'upload-head-boundary'

export const uploadHead = (
  serverUrl: string,
  { method, path, token, declaredBytes = 200 * 1024 * 1024, sentBytes = 64 * 1024, timeoutMs = 5000 }: {
    method: string
    path: string
    token: string
    declaredBytes?: number
    sentBytes?: number
    timeoutMs?: number
  },
) =>
  new Promise<HeadAnswer>((resolve, reject) => {
    const url = new URL(serverUrl)
    const socket = connect(Number(url.port), url.hostname)
    let received = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`No answer within ${timeoutMs} ms: the server is reading the body`))
    }, timeoutMs)
    const finish = (answer: HeadAnswer) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      const end = received.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = received.subarray(0, end).toString('latin1')
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
      if (received.length < end + 4 + length) return
      const text = received.subarray(end + 4, end + 4 + length).toString('utf8')
      finish({ status: Number(head.split(' ')[1]), body: text ? JSON.parse(text) : undefined })
    })
    socket.once('connect', () => {
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declaredBytes}\r\n\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="large.png"\r\nContent-Type: image/png\r\n\r\n`,
      )
      socket.write(Buffer.alloc(sentBytes, 7))
    })
  })
