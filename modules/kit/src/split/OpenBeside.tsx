/**
 * "Open beside": shows a page in the split screen's viewer pane, next to the main
 * area. Without a path it opens the page the main area shows, so two views of one
 * page sit side by side, each with its own state.
 */
import { useUnit } from 'effector-react'
import { Columns2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocation, withQueryParams } from '../router'
import { Button } from '../ui/Button'
import { QUERY_KEYS } from './layout'
import './locales'
import { viewerOpened } from './model'

/** The split screen's own query keys removed: a pane never nests another layout. */
const NO_LAYOUT = Object.fromEntries(Object.values(QUERY_KEYS).map((key) => [key, null]))

export function OpenBeside({ path }: { path?: string }) {
  const { t } = useTranslation('kit')
  const { pathname, search } = useLocation()
  const opened = useUnit(viewerOpened)
  const target = path ?? `${pathname}${withQueryParams(search, NO_LAYOUT)}`
  return (
    <Button variant="ghost" size="sm" icon={Columns2} onClick={() => opened({ path: target })}>
      {t('split.openBeside')}
    </Button>
  )
}
