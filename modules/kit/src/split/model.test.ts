import { allSettled, createWatch, fork } from 'effector'
import { describe, expect, it } from 'vitest'
import { $location, locationChanged, navigated } from '../router'
import { MAP_PATH } from './layout'
import {
  $dialogOpen,
  $size,
  $split,
  containerMeasured,
  defaultLayoutRestored,
  dialogOpened,
  dividerDragged,
  dividerKeyPressed,
  parseStoredLayout,
  placementChosen,
  readStoredLayoutFx,
  type StoredLayout,
  sizeChanged,
  splitScreenStarted,
  viewerClosed,
  viewerOpened,
  viewerReplacedWithMap,
  writeStoredLayoutFx,
} from './model'

/** A scope at `/` with `search`, storage holding `stored`, recording navigations and storage writes. */
function setup(search = '', stored: StoredLayout | null = null) {
  const written: StoredLayout[] = []
  const navigations: string[] = []
  const replaced: boolean[] = []
  const scope = fork({
    values: [[$location, { pathname: '/', search }]],
    handlers: [
      [readStoredLayoutFx, () => stored],
      [writeStoredLayoutFx, (layout: StoredLayout) => void written.push(layout)],
    ],
  })
  createWatch({
    unit: navigated,
    scope,
    fn: ({ to, replace }) => {
      navigations.push(to)
      replaced.push(replace === true)
    },
  })
  /** Plays the browser: the last navigation becomes the location. */
  const follow = async () => {
    const url = new URL(navigations.at(-1)!, 'http://localhost')
    await allSettled(locationChanged, { scope, params: { pathname: url.pathname, search: url.search } })
  }
  return { scope, written, navigations, replaced, follow }
}

const query = (to: string) => Object.fromEntries(new URL(to, 'http://localhost').searchParams)

describe('split screen: the query', () => {
  it('reads viewer, placement and direction from the query', () => {
    const { scope } = setup('?view=%2Fhelp&mapPlacement=top&direction=vertical')
    expect(scope.getState($split)).toEqual({ viewer: '/help', placement: 'top', direction: 'vertical', size: 300 })
  })

  it('derives the placement from a lone direction and the direction from the placement', () => {
    expect(setup('?view=/help&direction=vertical').scope.getState($split)).toMatchObject({ placement: 'bottom' })
    expect(setup('?view=/help&mapPlacement=left&direction=vertical').scope.getState($split)).toMatchObject({
      placement: 'left',
      direction: 'horizontal',
    })
    expect(setup('?view=/help&mapPlacement=fullscreen&direction=vertical').scope.getState($split)).toMatchObject({
      placement: 'fullscreen',
      direction: 'vertical',
    })
  })

  it('shows no viewer without a view or for a path outside the app', () => {
    expect(setup('').scope.getState($split)).toEqual({ viewer: null, placement: 'right', direction: 'horizontal', size: 300 })
    expect(setup('?view=https://example.com').scope.getState($split).viewer).toBeNull()
    expect(setup('?view=//example.com/x').scope.getState($split).viewer).toBeNull()
  })

  it('opens a viewer into the query, keeping the other parameters', async () => {
    const { scope, navigations, follow } = setup('?q=abc')
    await allSettled(viewerOpened, { scope, params: { path: '/help' } })
    expect(navigations.at(-1)!.startsWith('/?')).toBe(true)
    expect(query(navigations.at(-1)!)).toEqual({ q: 'abc', view: '/help', mapPlacement: 'right', direction: 'horizontal' })
    await follow()
    expect(scope.getState($split)).toMatchObject({ viewer: '/help', placement: 'right' })
  })

  it('writes a chosen placement and its direction to the query', async () => {
    const { scope, navigations, follow } = setup('?view=%2Fhelp&mapPlacement=right&direction=horizontal')
    await allSettled(placementChosen, { scope, params: 'bottom' })
    expect(query(navigations.at(-1)!)).toEqual({ view: '/help', mapPlacement: 'bottom', direction: 'vertical' })
    await follow()
    expect(scope.getState($split)).toMatchObject({ placement: 'bottom', direction: 'vertical' })
    await allSettled(placementChosen, { scope, params: 'fullscreen' })
    expect(query(navigations.at(-1)!)).toMatchObject({ mapPlacement: 'fullscreen', direction: 'vertical' })
  })

  it('ignores a placement while no viewer is open', async () => {
    const { scope, navigations } = setup('')
    await allSettled(placementChosen, { scope, params: 'top' })
    expect(navigations).toEqual([])
  })
})

describe('split screen: dialog actions', () => {
  it('restores the default layout: right, 300 px', async () => {
    const { scope, navigations } = setup('?view=/help&mapPlacement=top')
    await allSettled(sizeChanged, { scope, params: 480 })
    await allSettled(dialogOpened, { scope })
    await allSettled(defaultLayoutRestored, { scope })
    expect(query(navigations.at(-1)!)).toEqual({ view: '/help', mapPlacement: 'right', direction: 'horizontal' })
    expect(scope.getState($size)).toBe(300)
    expect(scope.getState($dialogOpen)).toBe(false)
  })

  it('closes the viewer by removing its parameters', async () => {
    const { scope, navigations, follow } = setup('?q=abc&view=/help&mapPlacement=left&direction=horizontal')
    await allSettled(dialogOpened, { scope })
    await allSettled(viewerClosed, { scope })
    expect(query(navigations.at(-1)!)).toEqual({ q: 'abc' })
    expect(scope.getState($dialogOpen)).toBe(false)
    await follow()
    expect(scope.getState($split).viewer).toBeNull()
  })

  it('replaces the viewer with the map and keeps its placement', async () => {
    const { scope, navigations } = setup('?view=/help&mapPlacement=left&direction=horizontal')
    await allSettled(viewerReplacedWithMap, { scope })
    expect(query(navigations.at(-1)!)).toEqual({ view: MAP_PATH, mapPlacement: 'left', direction: 'horizontal' })
  })
})

describe('split screen: size', () => {
  it('keeps the viewer at least 300 px and the main area its minimum', async () => {
    const { scope } = setup('?view=/help')
    await allSettled(sizeChanged, { scope, params: 100 })
    expect(scope.getState($size)).toBe(300)
    await allSettled(containerMeasured, { scope, params: 1000 })
    await allSettled(sizeChanged, { scope, params: 950 })
    expect(scope.getState($size)).toBe(760)
    await allSettled(containerMeasured, { scope, params: 800 })
    expect(scope.getState($size)).toBe(560)
    await allSettled(containerMeasured, { scope, params: 400 })
    expect(scope.getState($size)).toBe(300)
  })

  it('moves the divider 10 px per arrow key, towards the side the viewer is on', async () => {
    const { scope } = setup('?view=/help&mapPlacement=right')
    await allSettled(containerMeasured, { scope, params: 1000 })
    await allSettled(dividerKeyPressed, { scope, params: 'ArrowLeft' })
    expect(scope.getState($size)).toBe(310)
    await allSettled(dividerKeyPressed, { scope, params: 'ArrowUp' })
    expect(scope.getState($size)).toBe(310)
    await allSettled(dividerKeyPressed, { scope, params: 'End' })
    expect(scope.getState($size)).toBe(760)
    await allSettled(dividerKeyPressed, { scope, params: 'Home' })
    expect(scope.getState($size)).toBe(300)

    const top = setup('?view=/help&mapPlacement=top').scope
    await allSettled(dividerKeyPressed, { scope: top, params: 'ArrowDown' })
    expect(top.getState($size)).toBe(310)
  })

  it('follows a pointer drag of the divider', async () => {
    const { scope } = setup('?view=/help&mapPlacement=right')
    await allSettled(dividerDragged, { scope, params: { startSize: 300, delta: -50 } })
    expect(scope.getState($size)).toBe(350)
    const left = setup('?view=/help&mapPlacement=left').scope
    await allSettled(dividerDragged, { scope: left, params: { startSize: 300, delta: 70 } })
    expect(left.getState($size)).toBe(370)
  })
})

describe('split screen: storage', () => {
  it('restores the remembered viewer, placement and size when the query names none', async () => {
    const { scope, navigations, replaced } = setup('', { viewer: '/help', placement: 'left', size: 420 })
    await allSettled(splitScreenStarted, { scope })
    expect(query(navigations.at(-1)!)).toEqual({ view: '/help', mapPlacement: 'left', direction: 'horizontal' })
    expect(replaced).toEqual([true])
    expect(scope.getState($size)).toBe(420)
  })

  it('lets the query win over storage', async () => {
    const { scope, navigations } = setup('?view=/projects&mapPlacement=top', { viewer: '/help', placement: 'left', size: 420 })
    await allSettled(splitScreenStarted, { scope })
    expect(navigations).toEqual([])
    expect(scope.getState($split)).toEqual({ viewer: '/projects', placement: 'top', direction: 'vertical', size: 420 })
  })

  it('remembers changes only once storage has been read', async () => {
    const { scope, written, follow } = setup('?view=/help', { viewer: null, placement: 'right', size: 300 })
    await allSettled(sizeChanged, { scope, params: 360 })
    expect(written).toEqual([])
    await allSettled(splitScreenStarted, { scope })
    await allSettled(sizeChanged, { scope, params: 380 })
    expect(written.at(-1)).toEqual({ viewer: '/help', placement: 'right', size: 380 })
    await allSettled(placementChosen, { scope, params: 'bottom' })
    await follow()
    expect(written.at(-1)).toEqual({ viewer: '/help', placement: 'bottom', size: 380 })
  })

  it('reads only well-formed stored layouts', () => {
    expect(parseStoredLayout(null)).toBeNull()
    expect(parseStoredLayout('{oops')).toBeNull()
    expect(parseStoredLayout('"text"')).toBeNull()
    expect(parseStoredLayout('{"viewer":"https://x","placement":"nowhere","size":"big"}')).toEqual({
      viewer: null,
      placement: 'right',
      size: 300,
    })
  })
})
