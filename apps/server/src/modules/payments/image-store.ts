/**
 * Where stored images' bytes live: a folder under `DATA_DIR` (shared by instances that share
 * it). The store is an interface so an S3-compatible one can take its place.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface ImageStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
}

/** Keys are made here (an id and an extension), never from input; the check keeps it so. */
const KEY_RULE = /^[0-9a-f-]{36}\.(?:png|jpg|webp)$/;

/** A store in a folder: each image one file, written whole under a temporary name first. */
export function directoryImageStore(dir: string): ImageStore {
  const fileOf = (key: string) => {
    if (!KEY_RULE.test(key)) throw new Error(`not an image key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
