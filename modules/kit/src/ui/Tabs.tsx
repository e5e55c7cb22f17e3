/**
 * Tabs (WAI-ARIA tabs pattern): a tablist whose selected tab is the one Tab stop;
 * the arrow keys, Home and End move between tabs and select the one reached.
 */
import { createEvent, createStore } from 'effector'
import { useUnit } from 'effector-react'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import { $location, navigate } from '../router'
import './kit.css'

export interface TabItem<Id extends string> {
  id: Id
  /** Already translated. */
  label: string
}

export interface TabsProps<Id extends string> {
  /** Already translated: names the tablist. */
  label: string
  tabs: readonly TabItem<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  /** The selected tab's panel. */
  children: ReactNode
}

const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
}

export const Tabs = <Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) => {
  const base = useId()
  const list = useRef<HTMLDivElement>(null)
  const tabId = (id: Id) => `${base}-tab-${id}`
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[event.key]
    if (!step) return
    event.preventDefault()
    const next = tabs[step(Math.max(0, tabs.findIndex((tab) => tab.id === selected)), tabs.length)]
    if (!next) return
    onSelect(next.id)
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.id))}`)?.focus()
  }
  // A row of tabs wider than the screen scrolls sideways: the chosen one is brought into it (a phone on a later tab).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab chosen decides when, the DOM which element.
  useEffect(() => {
    const box = list.current
    const tab = box?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
    if (!box || !tab) return
    const outer = box.getBoundingClientRect()
    const inner = tab.getBoundingClientRect()
    if (inner.left < outer.left) box.scrollLeft -= outer.left - inner.left
    else if (inner.right > outer.right) box.scrollLeft += inner.right - outer.right
  }, [selected])
  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} className="kit-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            className="kit-tab"
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  )
}

export interface RouteTabItem<Id extends string> extends TabItem<Id> {
  /** The tab's own address: choosing the tab goes there. */
  path: string
}

export interface RouteTabsProps<Id extends string> extends Omit<TabsProps<Id>, 'tabs' | 'onSelect'> {
  tabs: readonly RouteTabItem<Id>[]
}

/**
 * The address of the tab the user chose, until the page drawn there has given it the focus:
 * a tab of another route draws a new page, which would otherwise leave the focus nowhere.
 */
const routeTabChosen = createEvent<string>()
const routeTabFocused = createEvent()
const $routeTabChosen = createStore<string | null>(null)
  .on(routeTabChosen, (_, path) => path)
  .reset(routeTabFocused)

/** Tabs whose every tab is a page of its own (an address to link to, Back between tabs). */
export const RouteTabs = <Id extends string>({ tabs, selected, ...rest }: RouteTabsProps<Id>) => {
  const { chosen, choose, focused, location } = useUnit({ chosen: $routeTabChosen, choose: routeTabChosen, focused: routeTabFocused, location: $location })
  const box = useRef<HTMLDivElement>(null)
  const path = tabs.find((tab) => tab.id === selected)?.path
  useEffect(() => {
    if (!path || chosen !== path) return
    box.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus()
    focused()
  }, [path, chosen, focused])
  const onSelect = (id: Id) => {
    const tab = tabs.find((item) => item.id === id)
    // The selected tab still goes to its address from a page under it (a list's item shown in the tab);
    // a tab told apart by its query (a list's `?tab=`) is another address.
    if (!tab || tab.path === `${location.pathname}${location.search}`) return
    choose(tab.path)
    navigate(tab.path)
  }
  return (
    <div ref={box}>
      <Tabs {...rest} tabs={tabs} selected={selected} onSelect={onSelect} />
    </div>
  )
}
