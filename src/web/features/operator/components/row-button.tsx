import { Button } from '@chakra-ui/react';

/** A small outline button whose accessible name starts with its visible text. */
export function RowButton({
  text,
  subject,
  busy = false,
  dialog = false,
  danger = false,
  onClick,
}: {
  text: string;
  subject: string;
  busy?: boolean;
  dialog?: boolean;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      colorPalette={danger ? 'red' : 'brand'}
      aria-haspopup={dialog ? 'dialog' : undefined}
      aria-label={`${text} ${subject}`}
      // Not `disabled` while saving: disabling the focused button would drop focus to the page.
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {text}
    </Button>
  );
}
