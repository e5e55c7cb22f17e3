import { $background, BACKGROUNDS, backgroundChosen } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'

export const BackgroundSection = () => {
  const { t } = useTranslation('core')
  const { background, chosen } = useUnit({ background: $background, chosen: backgroundChosen })
  return (
    <section className="core-section">
      <fieldset className="core-choices">
        <legend>
          <h2>{t('background.title')}</h2>
        </legend>
        {BACKGROUNDS.map((option) => (
          <label key={option} className={`core-choice core-swatch-${option}`}>
            <input type="radio" name="core-background" value={option} checked={background === option} onChange={() => chosen(option)} />
            {t(`background.${option}`)}
          </label>
        ))}
      </fieldset>
    </section>
  )
}
