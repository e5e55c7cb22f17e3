/**
 * The status boxes (spec part2 §2 "Dashboard status boxes"): the project's document figures
 * and the caller's own. The plugin that owns the rows counts them (the documents module);
 * until one does, the boxes show their empty state.
 */
import { Alert, Card, EmptyState, Skeleton, Tile, TileGrid, useFormat } from '@app/module-kit'
import { PERSONAL_BOXES, STATUS_BOXES } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { ChartNoAxesColumnIncreasing } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { $boxes, $boxesFailed } from './model'

export const StatusBoxes = () => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const [boxes, failed] = useUnit([$boxes, $boxesFailed])
  const counted = (keys: readonly string[]) => keys.filter((key) => boxes?.[key] !== undefined)
  const grid = (label: string, keys: readonly string[]) => (
    <TileGrid label={label}>
      {keys.map((key) => (
        <Tile key={key} title={t(`projectDashboard.boxes.${key}`)} figure={format.number(boxes?.[key] ?? 0)} />
      ))}
    </TileGrid>
  )
  return (
    <Card title={t('projectDashboard.boxes.title')}>
      {failed ? (
        <Alert tone="warning">
          <p>{t('projectDashboard.boxes.failed')}</p>
        </Alert>
      ) : boxes === null ? (
        <Skeleton lines={2} />
      ) : counted([...STATUS_BOXES, ...PERSONAL_BOXES]).length === 0 ? (
        <EmptyState icon={ChartNoAxesColumnIncreasing} text={t('projectDashboard.boxes.empty')} />
      ) : (
        <div className="kit-stack">
          {counted(STATUS_BOXES).length > 0 && grid(t('projectDashboard.boxes.project'), STATUS_BOXES)}
          {counted(PERSONAL_BOXES).length > 0 && grid(t('projectDashboard.boxes.personal'), PERSONAL_BOXES)}
        </div>
      )}
    </Card>
  )
}
