import { $background, BACKGROUNDS, Card, backgroundChosen } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'

export const BackgroundSection = () => {
  const { t } = useTranslation('core')
  const { background, chosen } = useUnit({ background: $background, chosen: backgroundChosen })
  return (
    <Card title={t('background.title')}>
      <fieldset className="core-choices">
        <legend className="kit-visually-hidden">{t('background.title')}</legend>
        {BACKGROUNDS.map((option) => (
          <label key={option} className={`core-choice core-swatch-${option}`}>
            <input type="radio" name="core-background" value={option} checked={background === option} onChange={() => chosen(option)} />
            {t(`background.${option}`)}
          </label>
        ))}
      </fieldset>
    </Card>
  )
}
