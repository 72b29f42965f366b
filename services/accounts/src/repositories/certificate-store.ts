import { join } from 'node:path';
import { VERIFICATION_MESSAGES } from '@marketplace/contracts';
import { DocumentStore } from '@marketplace/service-kit/uploads';

/**
 * CAC certificates of verification requests, under `<UPLOADS_DIR>/certificates/`: private (admins
 * and the company only), through the kit's DocumentStore (images re-encoded, PDFs checked whole).
 */
export function certificateStore(uploadsDir: string): DocumentStore {
  return new DocumentStore({
    dir: join(uploadsDir, 'certificates'),
    messages: {
      invalid: VERIFICATION_MESSAGES.invalidCertificate,
      tooManyBytes: VERIFICATION_MESSAGES.certificateTooLarge,
    },
  });
}
