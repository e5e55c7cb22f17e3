import { Alert } from './display'
import { useDocumentTitle } from './Page'
import { useText } from './text'
import './kit.css'

/** The spec's error page: shows the message (a kit key or translated text). */
export const ErrorPage = ({ message }: { message: string }) => {
  const text = useText()
  useDocumentTitle(text('error.title'))
  return (
    <section className="kit-page">
      <h1 className="kit-page-title">{text('error.title')}</h1>
      <Alert tone="error">
        <p>{text(message)}</p>
      </Alert>
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
