import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_PICTURE_BYTES, PICTURE_FIELD } from '../../../contract/operator-fleet';
import { FLEET_MESSAGES } from '../../../domain/fleet-company-messages';
import { HttpError, RequestValidationError } from '../../errors';

/** What is accepted, judged by the file's content: a name or a declared type proves nothing. */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Wide enough for a retina fleet card (400 px shown), small enough to load on a phone. */
const MAX_WIDTH = 1200;
const MAX_HEIGHT = 900;
/**
 * A small file can still declare a huge canvas (a decompression bomb); this is far above any
 * photo a phone takes and far below what would exhaust the server's memory.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The image libraries, loaded at the first upload rather than at every start: together they
 * take about 110 ms to load (sharp's native module most), and most processes never see an upload.
 */
const imageLibraries = async () => {
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  return { fileTypeFromBuffer, sharp };
};

/** Where uploaded pictures live: `storage` under DATA_DIR, served from /storage/ (web-app.ts). */
export function uploadsDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'storage');
}

const refuse = (message: string) => new RequestValidationError([{ path: PICTURE_FIELD, message }]);

/** The 413 of a file over MAX_PICTURE_BYTES, naming the field as a 400 would. */
export function pictureTooLarge(): HttpError {
  const message = FLEET_MESSAGES.pictureTooLarge(MAX_PICTURE_BYTES / (1024 * 1024));
  return new HttpError(413, message, { errors: [{ path: PICTURE_FIELD, message }] });
}

/**
 * Checks an uploaded picture by its content and re-encodes it (WebP, at most MAX_WIDTH ×
 * MAX_HEIGHT, turned upright, metadata such as GPS stripped), then stores it under a new random
 * name: a URL never changes content, so it can be cached for a year. Nothing is written
 * unless the picture is good.
 */
export function createPictureStore(dir: string) {
  return {
    dir,

    /** The stored file's name (its path under /storage/). */
    async store(bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw refuse(FLEET_MESSAGES.noPicture);
      if (bytes.length > MAX_PICTURE_BYTES) throw pictureTooLarge();
      const { fileTypeFromBuffer, sharp } = await imageLibraries();
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !PICTURE_TYPES.has(type.mime)) throw refuse(FLEET_MESSAGES.pictureNotImage);
      let encoded: Buffer;
      try {
        encoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw refuse(FLEET_MESSAGES.pictureUnreadable);
      }
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so /storage/ never serves half a file.
      const partial = path.join(dir, `.${name}.part`);
      await writeFile(partial, encoded);
      await rename(partial, path.join(dir, name));
      return name;
    },

    /** Removes a picture stored for a change that was then not saved. */
    async discard(name: string): Promise<void> {
      await rm(path.join(dir, path.basename(name)), { force: true });
    },
  };
}

export type PictureStore = ReturnType<typeof createPictureStore>;
