/** A searchable, sortable page of the caller's projects with a button per row: the wizard's project step and the access tab's add box. */
import { Button, DataTable, ListFilter, type PagedList } from '@app/module-kit'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ProjectChoice } from './api'

export interface ProjectPickerProps {
  list: PagedList<ProjectChoice, 'symbol' | 'name'>
  /** Whether the row is chosen already (its button shows it, pressed). */
  isChosen: (row: ProjectChoice) => boolean
  onChoose: (row: ProjectChoice) => void
}

export const ProjectPicker = ({ list, isChosen, onChoose }: ProjectPickerProps) => {
  const { t } = useTranslation('users')
  return (
    <fieldset className="users-grants-picker">
      <legend>{t('projects.project')}</legend>
      <ListFilter list={list} label={t('projects.find')} />
      <DataTable<ProjectChoice, 'symbol' | 'name'>
        list={list}
        caption={t('projects.caption')}
        emptyText={t('projects.none')}
        failedText={t('projects.failed')}
        rowKey={(row) => row.id}
        columns={[
          { key: 'symbol', sortable: true, header: t('projects.symbol') },
          { key: 'name', sortable: true, rowHeader: true, header: t('projects.name') },
          {
            key: 'choose',
            actions: true,
            header: t('grants.columns.actions'),
            render: (row) => {
              const chosen = isChosen(row)
              return (
                <Button
                  size="sm"
                  variant={chosen ? 'primary' : 'secondary'}
                  icon={chosen ? Check : undefined}
                  aria-pressed={chosen}
                  aria-label={t('projects.chooseOne', { name: `${row.symbol} - ${row.name}` })}
                  onClick={() => onChoose(row)}
                >
                  {chosen ? t('grants.chosen') : t('grants.choose')}
                </Button>
              )
            },
          },
        ]}
      />
    </fieldset>
  )
}
