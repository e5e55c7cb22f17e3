/**
 * Which area a page is shown in: the main area, or a split-screen pane beside it.
 * Page-wide things (the breadcrumbs) belong to the main area only.
 */
import { createContext, useContext } from 'react'

export type Area = 'main' | 'pane'

export const AreaContext = createContext<Area>('main')

export const useArea = () => useContext(AreaContext)
