import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type AlertDialogProps = {
  open: boolean;
  /** The spec's title, e.g. 'Error', 'Booking Failed', 'Payment Failed'. */
  title: string;
  /** Plain text is wrapped in a paragraph; richer content (links) is rendered as given. */
  message: ReactNode;
  /** Called once for OK, Escape or a backdrop click. */
  onClose: () => void;
};

/**
 * The one alert dialog of the site: a title, a message and OK. Chakra's Dialog with
 * role="alertdialog" traps focus, puts it on OK and restores it on close, and labels the
 * dialog with its title and message so screen readers announce both.
 */
export function AlertDialog({ open, title, message, onClose }: AlertDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body color="gray.800">
              <Dialog.Description asChild>
                {typeof message === 'string' ? <Text>{message}</Text> : <Box>{message}</Box>}
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button type="button" colorPalette="brand">
                  OK
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
