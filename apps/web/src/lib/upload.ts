import { UPLOAD_FIELD, UploadValue } from '@apsara/contracts';
import { apiValue } from './api';

/**
 * POST /wps/v2/uploads — one png/jpg image (multipart, field `file`), stored for the member; the id it
 * answers goes with the call that uses it (a withdrawal confirmation's proofs, a deposit receipt, a
 * promotion application's images).
 */
export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return apiValue('/wps/v2/uploads', { method: 'POST', body: form, value: UploadValue });
};
