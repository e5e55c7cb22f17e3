/** The kit check: the repository's kit names no product module, and the check catches what it should. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { checkKit, formatNaming, nameIn, productNames } from './kit'

describe('the repository', () => {
  test("the kit's code names no product module", () => {
    expect(checkKit().map(formatNaming), 'run `npm run -w @app/checks kit` for the list').toEqual([])
  })

  test('the names come from the modules, the plugins and the paths the plugins declare', () => {
    expect([...productNames()]).toEqual(expect.arrayContaining(['users', 'companies', 'admin', 'core', 'accountusers']))
    expect(productNames().has('kit')).toBe(false)
  })
})

describe('a string of the kit', () => {
  const names = new Set(['users', 'companies', 'accountusers', 'accounts', 'authentication', 'modules'])

  test.each([
    ['/api/companies', 'companies'],
    ['/companies?$limit=10', 'companies'],
    ['/accountusers/7/privileges', 'accountusers'],
    ['/users', 'users'],
    ['users:title', 'users'],
    ['users', 'users'],
    ['/accounts/4/details', 'accounts'],
  ])('%s names %s', (text, name) => {
    expect(nameIn(text, names)).toBe(name)
  })

  test.each(['/authentication/renew', '/api/modules', '/accounts/privileges/global', 'kit:breadcrumbs.dashboard', '/map', 'a user list', '/'])(
    '%s is the kit\'s own',
    (text) => {
      expect(nameIn(text, names)).toBeUndefined()
    },
  )
})

describe('a repository with a product name in its kit', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kit-check-'))
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  write('modules/kit/src/grants.ts', `// '/accountusers' in a comment is fine\nexport const url = (id: number) => \`/accountusers/\${id}\`\n`)
  write('modules/kit/src/grants.test.ts', "export const sample = '/accountusers/1'\n")
  write('modules/users/src/module.ts', "export const url = '/accountusers'\n")
  write('plugins/core/src/services/x/x.shared.ts', "export const userPrivilegesPath = 'accountusers/:userId/privileges'\n")
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  test('finds the code, not its comments, its tests or the owning module', () => {
    expect(checkKit(root).map(formatNaming)).toEqual([`modules/kit/src/grants.ts:2  names the product module "accountusers": \`/accountusers/\${id}\``])
  })
})
