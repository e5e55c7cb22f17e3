/**
 * `npm run seed`: adds the demo data to the configured database. Idempotent: rows
 * that exist are left alone, so it is safe on a database that is in use.
 */
import { randomBytes } from 'node:crypto'
import { buildServer } from '@app/api'
import { ConfigError, loadConfig } from '@app/api/config'
import { DEMO_USERS } from '@app/plugin-core'
import { seedDemo } from '@app/plugin-kit'

const run = async () => {
  const config = loadConfig()
  const { app } = await buildServer({ ...config })
  try {
    const password = config.demoPassword ?? randomBytes(9).toString('base64url')
    await seedDemo(app, password)
    console.log(`Demo data is in place. New demo users get the password ${password}; existing ones keep theirs.`)
    for (const user of DEMO_USERS) console.log(`  ${user.username}`)
  } finally {
    await app.get('knex').destroy()
  }
}

run().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
