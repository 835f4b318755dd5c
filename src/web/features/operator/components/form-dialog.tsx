import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A modal dialog holding a form: Chakra's Dialog traps focus inside, puts it on the first
 * field, closes on Escape and gives focus back to the button that opened it.
 */
export function FormDialog({
  open,
  title,
  onClose,
  children,
  closeLabel = 'Close',
  finalFocus,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The dismissing button's text. */
  closeLabel?: string;
  /**
   * Where focus goes on closing, when not back to the opening button (which the dialog's
   * action may have removed); null for the opening button.
   */
  finalFocus?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root
      open={open}
      placement="center"
      // A fresh form on every opening, and nothing hidden in the page while closed.
      lazyMount
      unmountOnExit
      finalFocusEl={finalFocus}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content maxW="lg">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body color="gray.800">{children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button type="button" variant="outline">
                  {closeLabel}
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
