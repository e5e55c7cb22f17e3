/**
 * The project status timeline's periods (spec part2 §2, §9): daily, weekly, monthly or
 * yearly compartments, 60 px each and at most 25, as many as the timeline's width holds,
 * today's in the middle unless the user has moved along.
 */
export const VIEWS = ['daily', 'weekly', 'monthly', 'yearly'] as const
export type TimelineView = (typeof VIEWS)[number]

export const COMPARTMENT_PX = 60
export const MAX_COMPARTMENTS = 25

export const compartmentsFor = (width: number) => Math.max(1, Math.min(MAX_COMPARTMENTS, Math.floor(width / COMPARTMENT_PX)))

/** The start (local midnight) of the period of `view` that holds `at`. */
export const periodStart = (view: TimelineView, at: Date): Date => {
  const day = new Date(at.getFullYear(), at.getMonth(), at.getDate())
  if (view === 'daily') return day
  if (view === 'weekly') {
    // ISO weeks start on Monday.
    const back = (day.getDay() + 6) % 7
    return new Date(day.getFullYear(), day.getMonth(), day.getDate() - back)
  }
  if (view === 'monthly') return new Date(day.getFullYear(), day.getMonth(), 1)
  return new Date(day.getFullYear(), 0, 1)
}

/** `start` moved by `n` periods of `view`. */
export const addPeriods = (view: TimelineView, start: Date, n: number): Date => {
  if (view === 'daily') return new Date(start.getFullYear(), start.getMonth(), start.getDate() + n)
  if (view === 'weekly') return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7 * n)
  if (view === 'monthly') return new Date(start.getFullYear(), start.getMonth() + n, 1)
  return new Date(start.getFullYear() + n, 0, 1)
}

export interface Period {
  start: Date
  /** The next period's start. */
  end: Date
  today: boolean
}

/**
 * The `count` periods shown: today's period sits in the middle, moved by `offset` periods
 * (the previous and next buttons move a whole screen; Today sets it back to 0).
 */
export const periodsOf = (view: TimelineView, today: Date, count: number, offset: number): Period[] => {
  const current = periodStart(view, today)
  const first = addPeriods(view, current, offset - Math.floor(count / 2))
  return Array.from({ length: count }, (_, i) => {
    const start = addPeriods(view, first, i)
    return { start, end: addPeriods(view, first, i + 1), today: start.getTime() === current.getTime() }
  })
}

/** The index of the period holding `at`, or -1 when it is off the screen. */
export const periodIndex = (periods: readonly Period[], at: number) => periods.findIndex((p) => p.start.getTime() <= at && at < p.end.getTime())

/** The ISO week number of a date. */
export const isoWeek = (date: Date) => {
  const thursday = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 3 - ((date.getDay() + 6) % 7))
  const firstThursday = new Date(thursday.getFullYear(), 0, 4)
  return 1 + Math.round(((thursday.getTime() - firstThursday.getTime()) / 86_400_000 - 3 + ((firstThursday.getDay() + 6) % 7)) / 7)
}

/** A bubble's next mark when clicked: none → partial → full → none. */
export const nextProgress = (progress: 'NONE' | 'PARTIAL' | 'FULL') => (progress === 'NONE' ? 'PARTIAL' : progress === 'PARTIAL' ? 'FULL' : 'NONE')
