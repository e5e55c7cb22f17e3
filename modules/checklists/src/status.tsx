/** A checklist's status as a badge, and the statuses as a drop-down's options (spec part2 §4: any, at any time). */
import { Badge, type Tone } from '@app/module-kit'
import { CHECKLIST_STATUSES, type ChecklistStatus } from '@app/plugin-checklists/shared'
import { useTranslation } from 'react-i18next'

const TONE: Record<ChecklistStatus, Tone> = { OPEN: 'info', IN_PROGRESS: 'warning', COMPLETE: 'success', OBSOLETE: 'neutral' }

export const StatusBadge = ({ status }: { status: ChecklistStatus }) => {
  const { t } = useTranslation('checklists')
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>
}

export const useStatusOptions = () => {
  const { t } = useTranslation('checklists')
  return CHECKLIST_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))
}
