/**
 * The caller's own interface language and folder list view over real HTTP: another user's
 * are refused. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { describe, expect, test } from 'vitest'
import { serverWithPeople } from '../../test/people'

const { server, p } = await serverWithPeople()

const column = async (userId: number, name: string) => (await server.knex('users').where({ id: userId }).first(name))[name]

describe('POST /api/accountusers/{userId}/file-view', () => {
  test("the own folder view is read and set; another user's is refused; bad types answer 400", async () => {
    const id = p.people.user.id
    expect((await p.as('user', 'POST', `/api/accountusers/${id}/file-view`, {})).body).toEqual({ userId: id, fileView: 'DEFAULT' })
    expect((await p.as('user', 'POST', `/api/accountusers/${id}/file-view/FILE`, {})).body.fileView).toBe('FILE')
    expect((await p.as('user', 'POST', `/api/accountusers/${id}/file-view`, { type: 'CUSTOMER' })).body.fileView).toBe('CUSTOMER')
    const bad = await p.as('user', 'POST', `/api/accountusers/${id}/file-view/SIDEWAYS`, {})
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ type: 'Must be one of DEFAULT, FILE, CUSTOMER' })
    expect((await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/file-view/FILE`, {})).status).toBe(403)
    expect((await p.as('anonymous', 'POST', `/api/accountusers/${id}/file-view/FILE`, {})).status).toBe(401)
    expect(await column(id, 'file_view')).toBe('CUSTOMER')
  })
})

describe('POST /api/accountusers/{userId}/language/{language}', () => {
  test("the own language is saved; another user's is refused; an unknown one answers 400", async () => {
    const id = p.people.user.id
    expect(await p.as('user', 'POST', `/api/accountusers/${id}/language/FINNISH`)).toMatchObject({ status: 201, body: { language: 'FINNISH' } })
    expect(await column(id, 'language')).toBe('FINNISH')
    const bad = await p.as('user', 'POST', `/api/accountusers/${id}/language/KLINGON`)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['language'])
    const other = await p.as('accountAdmin', 'POST', `/api/accountusers/${id}/language/SWEDISH`)
    expect([other.status, other.body.message]).toEqual([403, 'You can only change your own language'])
    expect((await p.as('anonymous', 'POST', `/api/accountusers/${id}/language/SWEDISH`)).status).toBe(401)
    expect(await column(id, 'language')).toBe('FINNISH')
  })
})
