// @vitest-environment happy-dom
import { allSettled, createEffect, createEvent, createStore, sample, scopeBind } from 'effector'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { mountRootParcel, type Parcel } from 'single-spa'
import { afterEach, describe, expect, test } from 'vitest'
import { $breadcrumbs, breadcrumbsSet } from '../breadcrumbs'
import { storedTokenRefused } from '../client'
import { $locale, localeChanged } from '../i18n'
import { ListFilter, createPagedList } from '../list'
import { defineModule } from '../module'
import { $location, locationChanged } from '../router'
import { $openConfirm, confirm, confirmAnswered } from '../ui/confirm'
import { $toasts, showToast, toastClosed } from '../ui/toasts'
import { connectPaneScope, createPaneScope } from './scope'

/** A module as the remotes write them: models created once at import, a thin view over them. */
const PEOPLE = ['Anna Berg', 'Bo Lind', 'Annika Ek']
const people = createPagedList<{ name: string }>({
  fetch: async (query) => {
    const data = PEOPLE.filter((name) => name.toLowerCase().includes(query.filter.toLowerCase())).map((name) => ({ name }))
    return { total: data.length, limit: query.limit, skip: query.skip, data }
  },
  debounceMs: 0,
})
const PeoplePage = () => {
  const { rows, opened } = useUnit({ rows: people.$rows, opened: people.opened })
  useEffect(() => opened(), [opened])
  return (
    <main>
      <ListFilter list={people} label="Filter" />
      <ul>
        {rows.map((row) => (
          <li key={row.name}>{row.name}</li>
        ))}
      </ul>
    </main>
  )
}
const texts = { title: 'People' }
const peopleModule = defineModule({
  id: 'people',
  routes: [{ path: '/people', component: PeoplePage }],
  locales: { 'en-GB': texts, 'fi-FI': texts, 'no-NO': texts, 'pl-PL': texts, 'se-SE': texts },
})
const [peopleParcel] = peopleModule.parcels

const mounted: Parcel[] = []
/** Mounts the route as the shell does: a single-spa parcel, its own React root, in a labelled area. */
const mountArea = async (name: string, scope?: ReturnType<typeof createPaneScope>) => {
  const area = document.createElement('section')
  area.setAttribute('aria-label', name)
  document.body.append(area)
  const parcel = mountRootParcel(peopleParcel!.parcel, { domElement: area, path: '/people', area: scope ? 'pane' : 'main', scope })
  mounted.push(parcel)
  await parcel.mountPromise
  return within(area)
}

/** What a module's model does with the app: a toast, a confirmation, its breadcrumbs. */
const removeClicked = createEvent()
const askFx = createEffect(() => confirm({ title: 'Remove Bo?' }))
const $answer = createStore<boolean | null>(null).on(askFx.doneData, (_, yes) => yes)
sample({ clock: removeClicked, target: askFx })
const savedFx = createEffect(() => showToast({ kind: 'success', text: 'Saved in the pane' }))

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))
const disconnects: (() => void)[] = []
const connectedPane = () => {
  const scope = createPaneScope()
  disconnects.push(connectPaneScope(scope))
  return scope
}
afterEach(async () => {
  await Promise.all(mounted.splice(0).map((parcel) => parcel.unmount()))
  document.body.replaceChildren()
  cleanup()
  for (const disconnect of disconnects.splice(0)) disconnect()
  for (const toast of $toasts.getState()) toastClosed(toast.id)
})

describe('split-screen panes', () => {
  test('two panes of the same module keep their own state, and the main area keeps its own', async () => {
    const user = userEvent.setup()
    const main = await mountArea('Main area')
    const left = await mountArea('Left pane', connectedPane())
    const right = await mountArea('Right pane', connectedPane())
    await waitFor(() => expect(screen.getAllByText('Bo Lind')).toHaveLength(3))

    await user.type(left.getByRole('searchbox', { name: 'Filter' }), 'ann')

    await waitFor(() => expect(left.queryByText('Bo Lind')).toBeNull())
    expect(left.getByText('Anna Berg')).toBeTruthy()
    expect(left.getByText('Annika Ek')).toBeTruthy()
    for (const other of [main, right]) {
      expect((other.getByRole('searchbox', { name: 'Filter' }) as HTMLInputElement).value).toBe('')
      expect(other.getByText('Bo Lind')).toBeTruthy()
    }

    // And the other way round: the main area's filter stays out of the panes.
    await user.type(main.getByRole('searchbox', { name: 'Filter' }), 'bo')
    await waitFor(() => expect(main.queryByText('Anna Berg')).toBeNull())
    expect((left.getByRole('searchbox', { name: 'Filter' }) as HTMLInputElement).value).toBe('ann')
    expect(right.getByText('Anna Berg')).toBeTruthy()
    expect(people.$filter.getState()).toBe('bo')
  })

  test("a pane starts with the app's location and language and follows their changes", async () => {
    locationChanged({ pathname: '/people', search: '?page=2' })
    const pane = connectedPane()
    expect(pane.getState($location)).toEqual({ pathname: '/people', search: '?page=2' })

    locationChanged({ pathname: '/companies', search: '' })
    localeChanged('fi-FI')
    expect(pane.getState($location)).toEqual({ pathname: '/companies', search: '' })
    expect(pane.getState($locale)).toBe('fi-FI')
    localeChanged('en-GB')
  })

  test("a pane's toasts, confirmations and navigation reach the app; its breadcrumbs stay in the pane", async () => {
    const pane = connectedPane()
    breadcrumbsSet([{ label: 'Main page' }])

    await allSettled(breadcrumbsSet, { scope: pane, params: [{ label: 'Pane page' }] })
    await allSettled(locationChanged, { scope: pane, params: { pathname: '/people', search: '?from=pane' } })
    await nextTask()
    expect($location.getState()).toEqual({ pathname: '/people', search: '?from=pane' })
    expect($breadcrumbs.getState()).toEqual([{ label: 'Main page' }])

    // The app's dialog asks; the answer goes back to the pane's model.
    const asked = allSettled(removeClicked, { scope: pane })
    await nextTask()
    expect($openConfirm.getState()).toMatchObject({ title: 'Remove Bo?' })
    confirmAnswered(true)
    await asked
    expect(pane.getState($answer)).toBe(true)
    expect($answer.getState()).toBeNull()

    // Last and not awaited: the pane's copy of the toast keeps its own 4 s expiry running.
    void allSettled(savedFx, { scope: pane })
    await nextTask()
    expect($toasts.getState().map((toast) => toast.text)).toEqual(['Saved in the pane'])
  })

  test("a pane's call refused for an ended session reaches the app, whose session opens the sign-in dialog", async () => {
    const $refusedInApp = createStore(0).on(storedTokenRefused, (count) => count + 1)
    const pane = connectedPane()
    await allSettled(storedTokenRefused, { scope: pane })
    await nextTask()
    expect($refusedInApp.getState()).toBe(1)
  })

  test("after a pane's effect awaited another effect, the app's own calls stay the app's", async () => {
    // As the remotes' api effects are used: a list's fetch calls an effect from inside its handler.
    const requestFx = createEffect(async (text: string) => text.toUpperCase())
    const searchFx = createEffect(async (text: string) => `found ${await requestFx(text)}`)
    const searched = createEvent<string>()
    sample({ clock: searched, target: searchFx })
    const $found = createStore('').on(searchFx.doneData, (_, found) => found)
    const typed = createEvent<string>()
    const $typed = createStore('').on(typed, (_, text) => text)
    const pane = connectedPane()

    scopeBind(searched, { scope: pane })('in the pane')
    await nextTask()
    expect(pane.getState($found)).toBe('found IN THE PANE')
    typed('in the main area')

    expect($typed.getState()).toBe('in the main area')
    expect(pane.getState($typed)).toBe('')
  })

  test('a closed pane no longer follows the app', () => {
    const pane = createPaneScope()
    const disconnect = connectPaneScope(pane)
    locationChanged({ pathname: '/first', search: '' })
    disconnect()
    locationChanged({ pathname: '/second', search: '' })
    expect(pane.getState($location)).toEqual({ pathname: '/first', search: '' })
  })
})
