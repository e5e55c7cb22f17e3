/** The Actions tab drawn from its model: the plan's columns, an overdue row's badge, the dialog's choices, and no edit controls on an archived document. */
import { registerLocales } from '@app/module-kit'
import type { Folder, FolderAction } from '@app/plugin-documents/shared'
import { allSettled, fork, type Scope } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { fetchActionsFx, fetchResponsibleChoicesFx, fetchTypeChoicesFx } from '../../api'
import { choicesRequested, fetchParentChoicesFx } from '../../choices'
import { locales } from '../../locales'
import { ActionsTab } from './actions'
import { actionEditStarted, actionsOpened } from './actions.model'

beforeAll(() => registerLocales('documents', locales))

const PLANNED = new Date(2026, 2, 2).getTime()
const base = { folderId: 12, notes: null, acceptanceCode: null, createdAt: '', createdBy: null, changedAt: '', changedBy: null }
const LATE: FolderAction = {
  ...base,
  id: 2,
  description: 'Resubmit the datasheet',
  plannedOn: PLANNED,
  responsibleId: 7,
  responsible: { id: 7, firstName: 'Vera', lastName: 'Viewer' },
  finalized: false,
  commentFrom: 'SUPPLIER',
  processingWeeks: 2,
  dueOn: new Date(2026, 2, 16).getTime(),
  daysOverdue: 6,
}
const DONE: FolderAction = { ...base, id: 3, description: 'Order the flanges', plannedOn: null, responsibleId: null, responsible: null, finalized: true, commentFrom: null, processingWeeks: null, dueOn: null, daysOverdue: 0 }

const opened = async (actions: FolderAction[]) => {
  const scope = fork({
    handlers: [
      [fetchActionsFx, async () => actions],
      [fetchTypeChoicesFx, async () => []],
      [fetchResponsibleChoicesFx, async () => [{ id: 8, name: 'Edith Editor' }]],
      [fetchParentChoicesFx, async () => []],
    ],
  })
  await allSettled(choicesRequested, { scope, params: 4 })
  await allSettled(actionsOpened, { scope, params: 12 })
  return scope
}
const draw = (scope: Scope, state: Folder['state'] = 'IN_PROGRESS') =>
  renderToStaticMarkup(
    <Provider value={scope}>
      <ActionsTab folder={{ id: 12, projectId: 4, state } as Folder} />
    </Provider>,
  )

describe('<ActionsTab />', () => {
  test('each row: its days, responsible, a danger badge when overdue, a check when finalized, where the comment came from', async () => {
    const html = draw(await opened([LATE, DONE]))
    for (const header of ['Description', 'Planned date', 'Responsible', 'Due date', 'Days overdue', 'Finalized', 'Comment from']) expect(html).toContain(header)
    expect(html).toContain('02/03/2026')
    expect(html).toContain('16/03/2026')
    expect(html).toContain('Vera Viewer')
    expect(html).toContain('<span class="kit-badge kit-badge-danger">6</span>')
    expect(html).toContain('<span class="kit-visually-hidden">Finalized</span>')
    expect(html).toContain('Supplier')
    expect(html).toContain('Add action')
    expect(html).toContain('aria-label="Change Resubmit the datasheet"')
  })

  test("the dialog offers the project's people and the row's own responsible", async () => {
    const scope = await opened([LATE])
    await allSettled(actionEditStarted, { scope, params: LATE })
    const html = draw(scope)
    expect(html).toContain('Change action')
    expect(html).toMatch(/<option value="8">Edith Editor<\/option>/)
    expect(html).toMatch(/<option value="7" selected="">Vera Viewer<\/option>/)
    expect(html).toMatch(/<option value="SUPPLIER" selected="">Supplier<\/option>/)
  })

  test('empty, and an archived document without edit controls', async () => {
    expect(draw(await opened([]))).toContain('No actions yet')
    const archived = draw(await opened([LATE]), 'ARCHIVED')
    expect(archived).not.toContain('Add action')
    expect(archived).not.toContain('aria-label="Change Resubmit the datasheet"')
    expect(archived).toContain('An archived document keeps its action plan as it is.')
  })
})
