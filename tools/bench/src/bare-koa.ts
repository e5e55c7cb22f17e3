/** Child process: the baseline, a bare Koa hello-world on a free loopback port. */
import { Koa } from '@feathersjs/koa'
import { serveUntilStopped } from './diagnostics'

const app = new Koa()
app.use((ctx) => {
  ctx.body = 'Hello World'
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 })
})
serveUntilStopped(server)
