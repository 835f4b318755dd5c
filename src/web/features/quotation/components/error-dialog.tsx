import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

type ErrorDialogProps = {
  /** The text to show; null keeps the dialog closed. */
  message: string | null;
  onClose: () => void;
  title?: string;
};

/** An alert dialog titled 'Error' with the server's text; Escape, OK and the backdrop close it. */
export function ErrorDialog({ message, onClose, title = 'Error' }: ErrorDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={message !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={4}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{message}</Text>
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
