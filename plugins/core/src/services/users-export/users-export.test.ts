/**
 * users.xlsx over real HTTP: the spec's columns, the caller's language, one account's users
 * only. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import type { Caller } from '@app/testing'
import { EXPORT_DATE_FORMAT } from '@app/plugin-kit'
import ExcelJS from 'exceljs'
import { expect, test } from 'vitest'
import { serverWithPeople } from '../../test/people'

const { server, p } = await serverWithPeople()

const workbook = async (role: Exclude<Caller, 'anonymous'>, query = '') => {
  const response = await fetch(`${server.url}/api/accountusers/export${query}`, { headers: { authorization: `Bearer ${p.tokens[role]}` } })
  expect(response.status, role).toBe(200)
  expect(response.headers.get('content-disposition')).toContain('users.xlsx')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as any)
  return book.worksheets[0]!
}
/** The data rows, each from its first column. */
const rowsOf = (sheet: ExcelJS.Worksheet) => (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1))

test('users.xlsx with the spec columns, date cells shown DD.MM.YYYY and x marks', async () => {
  const sheet = await workbook('accountAdmin')
  expect(sheet.name).toBe('Users')
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Acronym',
    'Company',
    'Username',
    'First name',
    'Last name',
    'Creation date',
    'Enabled',
    'Two-factor sign-in',
    'Anonymous',
    'Removal requested',
  ])
  const rows = rowsOf(sheet)
  const consultant = rows.find((r) => r[2] === p.both.username)!
  expect(consultant[1]).toBe(p.company.name)
  const created = sheet.getRow(rows.indexOf(consultant) + 2).getCell(6)
  expect(created.type).toBe(ExcelJS.ValueType.Date)
  expect(created.numFmt).toBe(EXPORT_DATE_FORMAT)
  expect(consultant[6]).toBe('x')
  expect(rows.some((r) => r[2] === p.people.otherAccount.username)).toBe(false)
})

test("a creation date is the day in the caller's time zone, the one the screens show; an unknown zone is UTC", async () => {
  // 23:30 UTC on 9 March is already 10 March in Helsinki (UTC+2 until the end of March).
  await server.knex('account_users').where({ user_id: p.both.id, account_id: p.people.accountAdmin.accountId }).update({ created_at: '2026-03-09T23:30:00.000Z' })
  const createdIn = async (query: string) => {
    const sheet = await workbook('accountAdmin', query)
    return rowsOf(sheet).find((r) => r[2] === p.both.username)![5]
  }
  expect(await createdIn('?timeZone=Europe/Helsinki')).toEqual(new Date(Date.UTC(2026, 2, 10)))
  expect(await createdIn('')).toEqual(new Date(Date.UTC(2026, 2, 9)))
  expect(await createdIn('?timeZone=Mars/Olympus_Mons')).toEqual(new Date(Date.UTC(2026, 2, 9)))
})

test("the sheet and headers follow the caller's language; the rows and the file name do not change", async () => {
  const setLanguage = async (value: string) =>
    expect((await p.as('accountAdmin', 'POST', `/api/accountusers/${p.people.accountAdmin.id}/language/${value}`, {})).status).toBe(201)
  await setLanguage('FINNISH')
  try {
    const sheet = await workbook('accountAdmin')
    expect(sheet.name).toBe('Käyttäjät')
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Lyhenne',
      'Yritys',
      'Käyttäjätunnus',
      'Etunimi',
      'Sukunimi',
      'Luontipäivä',
      'Käytössä',
      'Kaksivaiheinen kirjautuminen',
      'Anonymisoitu',
      'Poistoa pyydetty',
    ])
    expect(rowsOf(sheet).find((r) => r[2] === p.both.username)?.[6]).toBe('x')
  } finally {
    await setLanguage('ENGLISH')
  }
})

test("another account's export holds none of this account's users; roles without the flags get 403", async () => {
  const usernames = rowsOf(await workbook('otherAccount')).map((r) => r[2])
  expect(usernames).toContain(p.people.otherAccount.username)
  // The consultant is a member of both accounts, so in both exports.
  expect(usernames).toContain(p.both.username)
  expect(usernames).not.toContain(p.people.user.username)
  expect(usernames).not.toContain(p.people.accountAdmin.username)
  await workbook('globalAdmin')
  for (const role of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await p.as(role, 'GET', '/api/accountusers/export')).status, role).toBe(403)
  expect((await p.as('anonymous', 'GET', '/api/accountusers/export')).status).toBe(401)
})

test('the sheet, the users page and the home count show the same people: anonymised ones in, the global admin out', async () => {
  const gone = await p.make.user(p.a)
  await server.knex('users').where({ id: gone.id }).update({ anonymous: true })
  // What the users page asks for: anonymised users too.
  const list = (await p.as('accountAdmin', 'GET', `/api/accountusers/${p.a.id}?onlyEditable=false&$limit=500`)).body
  const listed = list.data.map((u: { username: string }) => u.username)
  const exported = rowsOf(await workbook('accountAdmin')).map((r) => r[2])
  expect([...exported].sort()).toEqual([...listed].sort())
  expect(exported).toContain(gone.username)
  expect(exported).not.toContain(p.people.globalAdmin.username)
  expect(listed).not.toContain(p.people.globalAdmin.username)
  expect((await p.as('accountAdmin', 'GET', '/api/dashboard/info')).body.userCount).toBe(list.total)
})
