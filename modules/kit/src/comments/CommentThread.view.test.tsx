// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { allSettled, fork, type Scope } from 'effector'
import { Provider } from 'effector-react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n'
import { ConfirmHost } from '../ui'
import { CommentThread, type CommentThreadTexts } from './CommentThread'
import { type ThreadComment, createCommentsModel } from './model'

afterEach(async () => {
  cleanup()
  await i18n.changeLanguage('en-GB')
})

const thread = createCommentsModel({ threadUrl: (id) => `/things/kind/${id}`, commentUrl: (id) => `/things/${id}` })

const texts: CommentThreadTexts = {
  title: 'Notes',
  new: 'New note',
  newHint: 'Write something to add a note.',
  add: 'Add note',
  empty: 'No notes yet',
  failed: 'The notes could not be loaded',
  edit: 'Edit note',
  editLabel: 'Edit the note',
  remove: 'Delete note',
  removeTitle: 'Delete this note?',
}

const MINE: ThreadComment = {
  id: 1,
  content: 'Foundations poured',
  author: { firstName: 'Anna', lastName: 'Admin', username: 'anna@x.test' },
  canEdit: true,
  creationDate: '2026-03-02T10:00:00.000Z',
  changeDate: '2026-03-04T10:00:00.000Z',
}
const THEIRS: ThreadComment = { id: 2, content: 'Waiting for inspection', author: null, canEdit: false, creationDate: '2026-03-03T10:00:00.000Z', changeDate: null }

/** The thread of thing 5 in a scope whose API answers `list` (or fails), recording the changes asked for. */
const shown = async (list: ThreadComment[] | Error = [MINE, THEIRS]) => {
  const calls = { fetched: 0, added: [] as unknown[], edited: [] as unknown[], removed: [] as number[] }
  let answer = list
  const scope: Scope = fork({
    handlers: [
      [thread.fetchFx, async () => {
        calls.fetched++
        if (answer instanceof Error) throw answer
        return answer
      }],
      [thread.addFx, async ({ content }: { content: string }) => {
        calls.added.push(content)
        return { ...THEIRS, id: 3, content, canEdit: true }
      }],
      [thread.editFx, async ({ id, content }: { id: number; content: string }) => {
        calls.edited.push({ id, content })
        return { ...MINE, id, content }
      }],
      [thread.removeFx, async (id: number) => {
        calls.removed.push(id)
        return id
      }],
    ],
  })
  await allSettled(thread.opened, { scope, params: 5 })
  render(
    <>
      <Provider value={scope}>
        <CommentThread model={thread} texts={texts} />
      </Provider>
      {/* confirm() asks outside any scope, as the shell's host does. */}
      <ConfirmHost />
    </>,
  )
  return { scope, calls, answerWith: (next: ThreadComment[]) => (answer = next) }
}

describe('<CommentThread />', () => {
  it('lists each comment with its author, date and edited mark; edit and delete only where canEdit allows', async () => {
    await shown()
    const list = screen.getByRole('list', { name: 'Notes' })
    const [mine, theirs] = within(list).getAllByRole('listitem')
    expect(mine!.textContent).toContain('Anna Admin')
    expect(mine!.textContent).toContain('02/03/2026 · edited 04/03/2026')
    expect(mine!.textContent).toContain('Foundations poured')
    expect(within(mine!).getByRole('button', { name: 'Edit note' })).toBeTruthy()
    expect(within(mine!).getByRole('button', { name: 'Delete note' })).toBeTruthy()
    // One who has left the account, and no edit: no mark and no buttons.
    expect(theirs!.textContent).toContain('A former user')
    expect(theirs!.textContent).not.toContain('edited')
    expect(within(theirs!).queryAllByRole('button')).toEqual([])
  })

  it('adds a note once it says something, and empties the box', async () => {
    const { calls } = await shown()
    const add = screen.getByRole('button', { name: 'Add note' }) as HTMLButtonElement
    expect(screen.getByLabelText('New note').getAttribute('aria-describedby')).toBe(screen.getByText('Write something to add a note.').id)
    await userEvent.type(screen.getByLabelText('New note'), '   ')
    expect(add.disabled).toBe(true)
    await userEvent.type(screen.getByLabelText('New note'), 'Crane arrives Monday')
    expect(add.disabled).toBe(false)
    await userEvent.click(add)
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
    expect(calls.added).toEqual(['Crane arrives Monday'])
    expect((screen.getByLabelText('New note') as HTMLInputElement).value).toBe('')
  })

  it('edits in place: Save sends the new text, Cancel leaves it as it was', async () => {
    const { calls } = await shown()
    await userEvent.click(screen.getByRole('button', { name: 'Edit note' }))
    const box = screen.getByLabelText('Edit the note') as HTMLInputElement
    expect(box.value).toBe('Foundations poured')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByLabelText('Edit the note')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Edit note' }))
    await userEvent.clear(screen.getByLabelText('Edit the note'))
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.type(screen.getByLabelText('Edit the note'), 'Foundations poured and dried')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(screen.queryByLabelText('Edit the note')).toBeNull())
    expect(calls.edited).toEqual([{ id: 1, content: 'Foundations poured and dried' }])
    expect(screen.getByText('Foundations poured and dried')).toBeTruthy()
  })

  it('deletes only after Yes to the question', async () => {
    const { calls } = await shown()
    await userEvent.click(screen.getByRole('button', { name: 'Delete note' }))
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this note?' })).getByRole('button', { name: 'No' }))
    expect(calls.removed).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Delete note' }))
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this note?' })).getByRole('button', { name: 'Yes' }))
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(calls.removed).toEqual([1])
  })

  it('says when there are none yet', async () => {
    await shown([])
    expect(screen.getByText('No notes yet')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('shows grey bars until the first answer', () => {
    render(
      <Provider value={fork()}>
        <CommentThread model={thread} texts={texts} />
      </Provider>,
    )
    expect(screen.getByRole('status').textContent).toBe('Loading…')
  })

  it('a failed read says so with Retry, which reads it again', async () => {
    const { calls, answerWith } = await shown(new Error('Bad gateway'))
    expect(screen.getByText('The notes could not be loaded')).toBeTruthy()
    answerWith([THEIRS])
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(calls.fetched).toBe(2)
  })

  it("the kit's own words follow the language", async () => {
    await i18n.changeLanguage('fi-FI')
    await shown()
    expect(screen.getByText('Entinen käyttäjä')).toBeTruthy()
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('muokattu 04/03/2026')
    await userEvent.click(screen.getByRole('button', { name: 'Edit note' }))
    expect(screen.getByRole('button', { name: 'Tallenna' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Peruuta' })).toBeTruthy()
  })
})
