import { Button, Flex, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { PICTURE_FIELD } from '../../../../../contract/operator-fleet';
import { Field } from '../../../../components/form/fields';
import { ApiError } from '../../../../lib/api-client';
import { useUploadPicture, type UploadPicture } from '../api/upload-picture';

const ID = 'picture-file';
const HINT_ID = `${ID}-hint`;
const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * Upload picture: one file, checked by the server by its content (a name proves nothing) and
 * size; its refusal shows under the field, and nothing is stored.
 */
export function PictureForm({
  target,
  onSaved,
}: {
  target: Omit<UploadPicture, 'file'>;
  onSaved: () => void;
}) {
  const upload = useUploadPicture();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    if (!file) {
      setError('Choose a PNG, JPEG or WebP file');
      input.current?.focus();
      return;
    }
    try {
      await upload.mutateAsync({ ...target, file });
      onSaved();
    } catch (failure) {
      const issue =
        failure instanceof ApiError
          ? failure.issues.find((one) => one.path === PICTURE_FIELD)?.message
          : undefined;
      setError(
        issue ?? (failure instanceof ApiError ? failure.message : 'The upload did not work.'),
      );
      if (!(failure instanceof ApiError)) console.error('Uploading the picture failed:', failure);
      input.current?.focus();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Flex direction="column" gap={4}>
        <Field id={ID} label="Picture file" error={error}>
          <input
            ref={input}
            id={ID}
            name={PICTURE_FIELD}
            type="file"
            accept={ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${HINT_ID} ${ID}-error` : HINT_ID}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(undefined);
            }}
          />
        </Field>
        <Text id={HINT_ID} fontSize="sm" color="gray.700">
          PNG, JPEG or WebP, at most 2 MB. It is resized to at most 1200 pixels wide.
        </Text>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={upload.isPending}
        >
          Upload picture
        </Button>
      </Flex>
    </form>
  );
}
