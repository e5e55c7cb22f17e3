import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { type ProjectComment, fetchEventsFx } from '../../api'
import { notifyFx } from '../../notify'
import { commentsOpened, projectComments } from './comments.model'

const { $comments, addClicked, draftChanged, editChanged, editSaved, editStarted, fetchFx, addFx, editFx, removeFx } = projectComments

const comment = (id: number, mine: boolean): ProjectComment => ({
  id,
  module: 'project',
  moduleId: 5,
  content: `Comment ${id}`,
  author: { id: mine ? 3 : 4, firstName: 'Some', lastName: 'One', username: 'some@x.test' },
  owner: mine,
  canEdit: mine,
  date: '2026-03-02T10:00:00.000Z',
  creationDate: '2026-03-02T10:00:00.000Z',
  changeDate: null,
  changedBy: null,
})

const setup = () => {
  const added: unknown[] = []
  const edited: unknown[] = []
  const events: number[] = []
  const scope = fork({
    handlers: [
      [fetchFx, async () => [comment(1, true), comment(2, false)]],
      [addFx, async (params: { thingId: number; content: string }) => { added.push(params); return { ...comment(9, true), content: params.content } }],
      [editFx, async (params: { id: number; content: string }) => { edited.push(params); return { ...comment(params.id, true), content: params.content } }],
      [removeFx, async (id: number) => id],
      [fetchEventsFx, async (id: number) => { events.push(id); return [] }],
      [notifyFx, () => undefined],
    ],
  })
  return { scope, added, edited, events }
}

describe('the comments tab', () => {
  test('a comment must say something to be added', async () => {
    const { scope, added } = setup()
    await allSettled(commentsOpened, { scope, params: { projectId: 5, administer: false } })
    await allSettled(draftChanged, { scope, params: '   ' })
    await allSettled(addClicked, { scope })
    expect(added).toEqual([])
    await allSettled(draftChanged, { scope, params: ' Looks good ' })
    await allSettled(addClicked, { scope })
    expect(added).toEqual([{ thingId: 5, content: 'Looks good' }])
    expect(scope.getState($comments)?.map((c) => c.content)).toEqual(['Comment 1', 'Comment 2', 'Looks good'])
  })

  test('an edit saves the changed text; the event log is asked for administrators only', async () => {
    const user = setup()
    await allSettled(commentsOpened, { scope: user.scope, params: { projectId: 5, administer: false } })
    await allSettled(editStarted, { scope: user.scope, params: comment(1, true) })
    await allSettled(editChanged, { scope: user.scope, params: 'Better' })
    await allSettled(editSaved, { scope: user.scope })
    expect(user.edited).toEqual([{ id: 1, content: 'Better' }])
    expect(user.events).toEqual([])
    const admin = setup()
    await allSettled(commentsOpened, { scope: admin.scope, params: { projectId: 5, administer: true } })
    expect(admin.events).toEqual([5])
  })
})
