/**
 * The project status timeline (spec part2 §2, §9): daily, weekly, monthly or yearly
 * compartments of 60 px, as many as its width holds (at most 25), today's in the middle;
 * the project's start, end, delivery, inspection and shipment dates as bubbles in their
 * compartment, each drawn none, partly or fully done. Those who may edit the project
 * click a bubble to move it on (none → partial → full → none).
 */
import { $locale, Alert, Button, Card, IconButton, Select, Skeleton, intlLocale, useFormat } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { BUBBLES, type Bubble, type Progress } from './api'
import {
  $compartments,
  $markFailed,
  $timeline,
  $timelineFailed,
  $timelineOffset,
  $timelineView,
  bubbleMarked,
  timelineMeasured,
  timelineMoved,
  timelineToday,
  timelineViewChosen,
} from './model'
import { type Period, type TimelineView, VIEWS, isoWeek, nextProgress, periodIndex, periodsOf } from './timeline'

const periodLabel = (view: TimelineView, period: Period, locale: string, week: (n: number) => string) => {
  const { start } = period
  if (view === 'daily') return `${String(start.getDate()).padStart(2, '0')}/${String(start.getMonth() + 1).padStart(2, '0')}`
  if (view === 'weekly') return week(isoWeek(start))
  if (view === 'monthly') return new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit' }).format(start)
  return String(start.getFullYear())
}

export const ProjectTimeline = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const units = useUnit({
    locale: $locale,
    timeline: $timeline,
    failed: $timelineFailed,
    markFailed: $markFailed,
    view: $timelineView,
    offset: $timelineOffset,
    count: $compartments,
    choose: timelineViewChosen,
    move: timelineMoved,
    today: timelineToday,
    measured: timelineMeasured,
    mark: bubbleMarked,
  })
  const strip = useRef<HTMLDivElement>(null)
  const { measured } = units
  useEffect(() => {
    const element = strip.current
    if (!element) return
    measured(element.clientWidth)
    const observer = new ResizeObserver(() => measured(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [measured])

  const periods = useMemo(() => periodsOf(units.view, new Date(), units.count, units.offset), [units.view, units.count, units.offset])
  const locale = intlLocale(units.locale)
  const bubblesIn = (index: number) =>
    BUBBLES.filter((bubble) => {
      const at = units.timeline?.dates[bubble]
      return at !== null && at !== undefined && periodIndex(periods, at) === index
    })
  const progressText = (progress: Progress) => t(`projectDashboard.timeline.progress.${progress}`)
  const actions = (
    <>
      <Select
        label={t('projectDashboard.timeline.view')}
        value={units.view}
        options={VIEWS.map((view) => ({ value: view, label: t(`projectDashboard.timeline.views.${view}`) }))}
        onChange={(view) => units.choose(view as TimelineView)}
      />
      <IconButton size="sm" icon={ChevronLeft} label={t('projectDashboard.timeline.earlier')} onClick={() => units.move(-units.count)} />
      <Button size="sm" variant="secondary" onClick={() => units.today()}>
        {t('projectDashboard.timeline.today')}
      </Button>
      <IconButton size="sm" icon={ChevronRight} label={t('projectDashboard.timeline.later')} onClick={() => units.move(units.count)} />
    </>
  )
  return (
    <Card title={t('projectDashboard.timeline.title')} actions={actions}>
      {units.markFailed && (
        <Alert tone="error">
          <p>{t('projectDashboard.timeline.markFailed')}</p>
        </Alert>
      )}
      <div ref={strip} className="projects-timeline">
        {units.failed ? (
          <Alert tone="warning">
            <p>{t('projectDashboard.timeline.failed')}</p>
          </Alert>
        ) : !units.timeline ? (
          <Skeleton lines={2} />
        ) : (
          <ol className="projects-timeline-strip" aria-label={t('projectDashboard.timeline.title')}>
            {periods.map((period, index) => (
              <li key={period.start.getTime()} className="projects-timeline-period" data-today={period.today || undefined}>
                <span className="projects-timeline-label">{periodLabel(units.view, period, locale, (n) => t('projectDashboard.timeline.week', { n }))}</span>
                {bubblesIn(index).map((bubble: Bubble) => {
                  const progress = units.timeline?.progress[bubble] ?? 'NONE'
                  const date = units.timeline?.dates[bubble]
                  const label = `${t(`projectDashboard.timeline.bubbles.${bubble}`)} ${date ? format.date(date) : ''}: ${progressText(progress)}`
                  return project.accessLevel.edit ? (
                    <button
                      key={bubble}
                      type="button"
                      className="projects-bubble"
                      data-progress={progress}
                      title={label}
                      aria-label={label}
                      onClick={() => units.mark({ bubble, progress: nextProgress(progress) })}
                    >
                      {t(`projectDashboard.timeline.short.${bubble}`)}
                    </button>
                  ) : (
                    <span key={bubble} className="projects-bubble" data-progress={progress} title={label} role="img" aria-label={label}>
                      {t(`projectDashboard.timeline.short.${bubble}`)}
                    </span>
                  )
                })}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  )
}
