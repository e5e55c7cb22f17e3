import { useUnit } from 'effector-react'
import { $confirmTurn, $openConfirm, confirmAnswered } from './confirm'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { useText } from './text'

/** The Yes/No dialog behind `confirm()`; the shell renders it once. Escape and the close button answer No. */
export const ConfirmHost = () => {
  const { request, turn } = useUnit({ request: $openConfirm, turn: $confirmTurn })
  const text = useText()
  if (!request) return null
  const answerNo = () => confirmAnswered(false)
  return (
    <Dialog
      key={turn}
      title={request.title}
      text={request.text}
      onClose={answerNo}
      actions={
        <>
          <Button onClick={answerNo}>{text('confirm.no')}</Button>
          <Button variant="primary" onClick={() => confirmAnswered(true)}>
            {text('confirm.yes')}
          </Button>
        </>
      }
    />
  )
}
