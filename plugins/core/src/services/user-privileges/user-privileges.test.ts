/**
 * A user's privileges over real HTTP, called as every rank: read, add, remove,
 * add-or-modify-action and authorities. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import type { Person } from '@app/testing'
import { describe, expect, test } from 'vitest'
import { serverWithPeople } from '../../test/people'

const { server, p } = await serverWithPeople()

/** A user of acme made for one test, so tests do not change each other's grants. */
const fresh = () => p.make.user(p.a, 'user')
const grantsOf = (person: Person) => server.knex('privileges').where({ user_id: person.id })
const grant = { action: 'VIEW', resource: 'COMPANY', resourceId: 0 }

describe("a user's privileges", () => {
  test('add, read, modify the action, read authorities, remove', async () => {
    const { id } = await fresh()
    const body = { ...grant, resourceId: p.company.id }
    const added = await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/privileges/add`, body)
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ userId: id, resource: 'COMPANY', resourceId: p.company.id, action: 'VIEW' })
    const twice = await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/privileges/add`, body)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('The user already has this privilege')

    const list = await p.as('accountAdmin', 'GET', `/api/accountusers/${id}/privileges`)
    expect(list.body.map((g: any) => [g.resource, g.resourceId, g.resourceName, g.action])).toEqual([['COMPANY', p.company.id, p.company.name, 'VIEW']])
    const modified = await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/privileges/add-or-modify-action`, { ...body, action: 'EDIT' })
    expect(modified.body.action).toBe('EDIT')
    const authorities = await p.as('accountAdmin', 'GET', `/api/accountusers/${id}/authorities/COMPANY/${p.company.id}`)
    expect(authorities.body.map((g: any) => g.action)).toEqual(['EDIT'])
    expect((await p.as('accountAdmin', 'GET', `/api/accountusers/${id}/privileges/projects`)).body).toEqual([])
    expect((await p.as('accountAdmin', 'GET', `/api/accountusers/${id}/privileges?projectId=1`)).body).toEqual([])

    const wrongAction = await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/privileges/remove`, body)
    expect(wrongAction.status).toBe(404)
    expect((await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/privileges/remove`, { ...body, action: 'EDIT' })).status).toBe(201)
    expect((await p.as('accountAdmin', 'GET', `/api/accountusers/${id}/privileges`)).body).toEqual([])
  })

  test('a global privilege of the catalogue: added by name, its action changed, removed', async () => {
    const user = await fresh()
    const url = (change: string) => `/api/accountusers/${user.id}/privileges/${change}`
    const named = { action: 'VIEW', resource: 'COMPANY', name: 'COMPANY_CREATE' }
    expect((await p.as('accountAdmin', 'POST', url('add'), named)).status).toBe(201)
    expect((await p.as('accountAdmin', 'POST', url('add-or-modify-action'), { ...named, action: 'EDIT' })).status).toBe(201)
    const list = await p.as('accountAdmin', 'GET', `/api/accountusers/${user.id}/privileges`)
    expect(list.body).toEqual([expect.objectContaining({ name: 'COMPANY_CREATE', resource: 'COMPANY', resourceId: null, resourceName: null, action: 'EDIT' })])
    expect((await p.as('accountAdmin', 'POST', url('remove'), { ...named, action: 'EDIT' })).status).toBe(201)
    // A privilege no installed plugin declares any more can still be taken away.
    await p.make.grant(user, { name: 'RETIRED', resource: 'ACCOUNT', action: 'VIEW' })
    expect((await p.as('accountAdmin', 'POST', url('remove'), { action: 'VIEW', resource: 'ACCOUNT', name: 'RETIRED' })).status).toBe(201)
    expect(await grantsOf(user)).toEqual([])
  })

  test('bad input answers 400 with the field and changes nothing', async () => {
    const user = await fresh()
    const company = p.company.id
    const cases: [unknown, Record<string, string>][] = [
      [{}, { action: 'This field is required', resource: 'This field is required' }],
      [{ ...grant, resourceId: company, action: 'OWN' }, { action: 'Must be one of ACCESS, VIEW, DOWNLOAD, EDIT, ADMINISTER' }],
      [{ action: 'VIEW', resource: 'COMPANY' }, { resourceId: 'A resource id is required for projects and companies' }],
      [{ action: 'VIEW', resource: 'PROJECT', resourceId: 987654 }, { resourceId: 'No project 987654 in this account' }],
      [{ action: 'VIEW', resource: 'COMPANY', name: 'MAKE_COFFEE' }, { name: 'Choose a privilege from the catalogue' }],
      // A catalogue name under another resource than its own is no privilege either.
      [{ action: 'VIEW', resource: 'ACCOUNT', name: 'PROJECT_CREATE' }, { name: 'Choose a privilege from the catalogue' }],
      [{ action: 'VIEW', resource: 'COMPANY', name: 'COMPANY_CREATE', resourceId: company }, { resourceId: 'A named privilege applies to the whole account: it names no row' }],
    ]
    for (const [body, errors] of cases) {
      const answer = await p.as('accountAdmin', 'POST', `/api/accountusers/${user.id}/privileges/add`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect(await grantsOf(user)).toEqual([])
  })

  test('roles: only user managers change grants; platform grants only for global admins; another account 404', async () => {
    const user = await fresh()
    const id = user.id
    const body = { ...grant, resourceId: p.company.id }
    for (const role of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await p.as(role, 'POST', `/api/accountusers/${id}/privileges/add`, body)).status, role).toBe(403)
    expect((await p.as('anonymous', 'POST', `/api/accountusers/${id}/privileges/add`, body)).status).toBe(401)
    const foreign = await p.as('otherAccount', 'POST', `/api/accountusers/${id}/privileges/add`, body)
    expect(foreign.status).toBe(404)
    // Not found before the body is looked at: a bad one gets the same answer.
    expect((await p.as('otherAccount', 'POST', `/api/accountusers/${id}/privileges/add`, {})).status).toBe(404)
    // Another account's user is not found, on every read.
    for (const path of ['privileges', 'privileges/projects', `authorities/COMPANY/${p.company.id}`]) {
      const foreignRead = await p.as('otherAccount', 'GET', `/api/accountusers/${id}/${path}`)
      expect(foreignRead.status, path).toBe(404)
      expect(foreignRead.body.message, path).toBe('User not found')
    }
    expect((await p.as('user', 'GET', `/api/accountusers/${id}/privileges`)).status).toBe(403)
    // A company manager reads only the grants of their companies' users.
    const outsider = await fresh()
    await p.make.grant(outsider, { resource: 'COMPANY', resourceId: p.company.id, action: 'VIEW' })
    await p.make.grant(p.both, { resource: 'COMPANY', resourceId: p.company.id, action: 'VIEW' })
    expect((await p.as('accountAdmin', 'GET', `/api/accountusers/${outsider.id}/privileges`)).body).not.toEqual([])
    expect((await p.as('companyAdmin', 'GET', `/api/accountusers/${outsider.id}/privileges`)).body).toEqual([])
    expect((await p.as('companyAdmin', 'GET', `/api/accountusers/${p.both.id}/privileges`)).body).not.toEqual([])
    const platform = { action: 'ADMINISTER', resource: 'GLOBAL_ADMIN' }
    expect((await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/privileges/add`, platform)).status).toBe(403)
    expect((await p.as('globalAdmin', 'POST', `/api/accountusers/${id}/privileges/add`, platform)).status).toBe(201)
    expect((await p.as('globalAdmin', 'POST', `/api/accountusers/${id}/privileges/remove`, platform)).status).toBe(201)
    expect(await grantsOf(user)).toEqual([])
  })

  test('an account-level grant changes the menu flags at the next sign-in', async () => {
    const user = await fresh()
    const signIn = async () => (await server.call('POST', '/api/authentication', { username: user.username, password: user.password })).body
    expect((await signIn()).canManageSettings).toBe(false)
    expect((await p.as('accountAdmin', 'POST', `/api/accountusers/${user.id}/privileges/add`, { action: 'ADMINISTER', resource: 'ACCOUNT' })).status).toBe(201)
    expect((await signIn()).canManageSettings).toBe(true)
    await p.as('accountAdmin', 'POST', `/api/accountusers/${user.id}/privileges/remove`, { action: 'ADMINISTER', resource: 'ACCOUNT' })
    expect((await signIn()).canManageSettings).toBe(false)
  })
})
