/** The button a project's pages show to open or close the file manager (announced as pressed while it is open). */
import { useUnit } from 'effector-react'
import { FolderOpen } from 'lucide-react'
import { Button } from '../ui/Button'
import { useText } from '../ui/text'
import { $fileManager, fileManagerOpened } from './model'

export const FileManagerButton = () => {
  const text = useText()
  const { state, opened } = useUnit({ state: $fileManager, opened: fileManagerOpened })
  return (
    <Button icon={FolderOpen} aria-pressed={state.open} onClick={() => opened(!state.open)}>
      {text('fileManager.button')}
    </Button>
  )
}
