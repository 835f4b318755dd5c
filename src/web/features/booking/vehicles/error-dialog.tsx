import { AlertDialog } from '../../../components/alert-dialog';

type ErrorDialogProps = {
  /** The text to show; null keeps the dialog closed. */
  message: string | null;
  onClose: () => void;
  title?: string;
};

/** An alert dialog titled 'Error' with the server's text; Escape, OK and the backdrop close it. */
export function ErrorDialog({ message, onClose, title = 'Error' }: ErrorDialogProps) {
  return <AlertDialog open={message !== null} title={title} message={message} onClose={onClose} />;
}
