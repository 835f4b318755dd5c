import { useState } from 'react';
import { AlertDialog } from '../../../components/alert-dialog';
import { useAutoClose } from '../hooks/use-auto-close';

/** What an alert says: the spec's 'Success' or 'Error' title and its message. */
export type Notice = { tone: 'success' | 'error'; title: string; message: string };

/**
 * The corporate screens' alerts. A success closes by itself after the spec's 3 seconds; an
 * error waits for OK. The last notice stays rendered while the dialog fades out.
 */
export function NoticeDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const [shown, setShown] = useState(notice);
  if (notice && notice !== shown) setShown(notice);
  useAutoClose(notice?.tone === 'success', onClose);
  return (
    <AlertDialog
      open={notice !== null}
      title={shown?.title ?? ''}
      message={shown?.message ?? ''}
      onClose={onClose}
    />
  );
}
