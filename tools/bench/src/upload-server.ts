/**
 * Child process for the upload bench: the real API server (buildServer over loadConfig from
 * the environment: local files under DATA_DIR, or S3 with S3_BUCKET and friends) with one
 * account, project and document made by the test fixtures, listening on a free loopback
 * port. Tells the orchestrator its port, a token and the document over IPC, and its memory
 * when asked (diagnostics.ts).
 */
import type { Server } from 'node:http'
import { buildServer } from '@app/api'
import { loadConfig } from '@app/api/config'
import { createLogger, httpClient } from '@app/plugin-kit'
import { fixtures } from '@app/testing'
import { answerMemory, serveUntilStopped } from './diagnostics'

const main = async () => {
  const config = { ...loadConfig(process.env), seedDemo: false }
  const { app } = await buildServer(config, { logger: createLogger({ level: 'warn' }) })
  const server: Server = await app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const make = fixtures({ app, knex: app.get('knex'), call: httpClient(`http://127.0.0.1:${port}`) })
  const account = await make.account()
  const document = await make.document(await make.project(account))
  const token = await make.signIn(account.admin)
  serveUntilStopped(server)
  process.on('message', answerMemory)
  process.send?.({ type: 'ready', port, token, folderId: document.id, storage: app.get('storage').kind })
}

main().catch((error) => {
  console.error(error)
  process.send?.({ type: 'error', message: String(error?.stack ?? error) })
  process.exit(1)
})
