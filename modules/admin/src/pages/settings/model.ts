/**
 * Each settings tab is its own route, so choosing one draws the page anew: the tab the
 * user chose is remembered until the new page has given it the focus back.
 */
import { createEvent, createStore } from 'effector'
import type { Tab } from './tabs'

export const tabChosen = createEvent<Tab>()
export const tabFocused = createEvent()
export const $tabChosen = createStore<Tab | null>(null).on(tabChosen, (_, tab) => tab).reset(tabFocused)
