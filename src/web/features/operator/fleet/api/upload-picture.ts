import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetPictureResponseSchema, PICTURE_FIELD } from '../../../../../contract/operator-fleet';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { fleetKeys } from './fleet-keys';

/** Whose picture: the category's (the admin, no company) or a company's own. */
export type UploadPicture = { categoryId: number; companyId: number | null; file: File };

/** POST /operator/fleet/{id}/picture as multipart/form-data; the stored picture's path. */
export async function uploadPicture(upload: UploadPicture): Promise<string> {
  const body = new FormData();
  body.append(PICTURE_FIELD, upload.file);
  const answer = await apiRequest(
    API_PATHS.operatorFleetPicture.replace(':id', String(upload.categoryId)),
    {
      method: 'POST',
      query: { company_id: upload.companyId ?? undefined },
      body,
      schema: fleetPictureResponseSchema,
    },
  );
  return answer.data.picture;
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: fleetKeys.uploadPicture(),
    mutationFn: uploadPicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.fleet() }),
    networkMode: 'always',
  });
}
