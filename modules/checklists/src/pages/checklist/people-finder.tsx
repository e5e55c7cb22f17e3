import { TextInput } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { PEOPLE_LIMIT } from '../../api'
import { $peopleFilter, peopleFilterChanged } from './model'

/** The box the responsible person's select is narrowed by: the first PEOPLE_LIMIT people whose names hold its text. */
export const PeopleFinder = () => {
  const { t } = useTranslation('checklists')
  const { filter, changed } = useUnit({ filter: $peopleFilter, changed: peopleFilterChanged })
  return <TextInput type="text" label={t('responsible.find')} value={filter} onChange={(text) => changed(text)} hint={t('responsible.findHint', { max: PEOPLE_LIMIT })} />
}
