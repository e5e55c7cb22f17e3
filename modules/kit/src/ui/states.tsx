import { useText } from './text'
import './kit.css'

/** The spec's error page: shows the message (a kit key or translated text). */
export const ErrorPage = ({ message }: { message: string }) => {
  const text = useText()
  return (
    <section className="kit-error-page" role="alert">
      <h1>{text('error.title')}</h1>
      <p>{text(message)}</p>
    </section>
  )
}

export const Spinner = () => {
  const text = useText()
  return (
    <div className="kit-spinner" role="status">
      <span className="kit-spinner-ring" aria-hidden="true" />
      <span className="kit-visually-hidden">{text('spinner.loading')}</span>
    </div>
  )
}

/** The line shown where a list has nothing in it (text already translated). */
export const EmptyState = ({ text }: { text: string }) => <p className="kit-empty">{text}</p>
