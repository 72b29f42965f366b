import { IMAGE_LIMITS, ImageStore, imageTooLarge, invalidImage } from '@marketplace/service-kit/uploads';

/** Profile photos follow the kit's upload rules (libs/service-kit/src/uploads). */
export const PHOTO_LIMITS = IMAGE_LIMITS;

export const PHOTO_MESSAGES = Object.freeze({
  tooManyBytes: 'The photo is too large. Please upload an image of at most 5 MB.',
  tooManyPixels: 'The photo is too large. Please upload an image of at most 40 megapixels.',
});

export const PHOTO_URL_PREFIX = '/api/user/photos/';

export { invalidImage };
export const photoTooLarge = imageTooLarge;

const urls = new ImageStore({ dir: '', urlPrefix: PHOTO_URL_PREFIX });

/**
 * Profile photos on local disk (`<UPLOADS_DIR>/profile/`): the kit's image store (type read from
 * the bytes, pixel limit before decoding, re-encoded to WebP within 800x800 under a random name).
 */
export class PhotoStore extends ImageStore {
  constructor(dir: string) {
    super({ dir, urlPrefix: PHOTO_URL_PREFIX, messages: PHOTO_MESSAGES });
  }

  static urlFor(name: string): string {
    return urls.urlFor(name);
  }

  /** The stored file behind a photo URL of ours, or undefined for anything else. */
  static nameFromUrl(url: string | null): string | undefined {
    return urls.nameFromUrl(url);
  }
}
