/** The bulk page drawn from its model: the type and rows, a refused list's marks, and the 403 below EDIT. */
import { ApiError, registerLocales } from '@app/module-kit'
import { allSettled, fork, type Scope } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { createFoldersFx, fetchProjectFx, fetchResponsibleChoicesFx, fetchTypeChoicesFx } from '../../api'
import { fetchParentChoicesFx } from '../../choices'
import { locales } from '../../locales'
import { $rows, bulkOpened, createClicked, rowChanged, typeChosen } from './model'
import { BulkDocumentsPage } from './page'

beforeAll(() => registerLocales('documents', locales))

const opened = async (edit: boolean) => {
  const scope = fork({
    handlers: [
      [fetchProjectFx, async () => ({ id: 4, name: 'Harbour crane', symbol: 'HC-1', accessLevel: { edit } })],
      [fetchTypeChoicesFx, async () => [{ id: 7, name: 'Drawing' }]],
      [fetchResponsibleChoicesFx, async () => []],
      [fetchParentChoicesFx, async () => []],
      [
        createFoldersFx,
        async () => {
          throw new ApiError('Failed to create - invalid input', 400, { 'rows.0.symbol': 'Number already exists.' })
        },
      ],
    ],
  })
  await allSettled(bulkOpened, { scope, params: 4 })
  return scope
}
const draw = (scope: Scope) => renderToStaticMarkup(<Provider value={scope}>{<BulkDocumentsPage params={{ projectId: '4' }} query={new URLSearchParams()} />}</Provider>)

describe('<BulkDocumentsPage />', () => {
  test('a type for all, three empty rows named by column and row, a way to add rows and to paste', async () => {
    const html = draw(await opened(true))
    expect(html).toContain('<h1 class="kit-page-title">Create several documents</h1>')
    expect(html).toMatch(/<option value="7">Drawing<\/option>/)
    for (const row of [1, 2, 3]) for (const column of ['Number', 'Title', 'Revision']) expect(html).toContain(`aria-label="${column}, row ${row}"`)
    expect(html).not.toContain('aria-label="Number, row 4"')
    expect(html).toContain('aria-label="Remove row 3"')
    expect(html).toContain('Add row')
    expect(html).toContain('Paste from a spreadsheet')
    expect(html).not.toContain('kit-field-message')
  })

  test('a refused list marks the row’s field with its message, as the kit’s fields do, and says why', async () => {
    const scope = await opened(true)
    await allSettled(typeChosen, { scope, params: '7' })
    const [first] = scope.getState($rows)
    for (const [field, value] of [['symbol', 'GA-1'], ['name', 'Taken']] as const) await allSettled(rowChanged, { scope, params: { key: first!.key, field, value } })
    await allSettled(createClicked, { scope })
    const html = draw(scope)
    expect(html).toMatch(/<input id="([^"]+)" class="kit-input" aria-label="Number, row 1" aria-invalid="true" aria-describedby="\1-message" data-status="Error" value="GA-1"\/>/)
    expect(html).toMatch(/<p id="[^"]+-message" class="kit-field-message">Number already exists.<\/p>/)
    expect(html).toMatch(/class="kit-alert kit-alert-error" role="alert">.*Failed to create - invalid input/)
  })

  test('below EDIT the page is the 403 state, without the editor', async () => {
    const html = draw(await opened(false))
    expect(html).not.toContain('kit-table')
    expect(html).not.toContain('Create documents')
  })
})
