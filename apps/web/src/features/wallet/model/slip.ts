import {
  STORED_IMAGE_MAX_BYTES,
  STORED_IMAGE_MAX_LENGTH,
  storeImageRequestSchema,
} from '@backlay/contract/profile';
import { translateFormMessage } from '../../../shared/forms/form-messages';
import { i18n } from '../../../shared/i18n/i18n';

const messages = i18n('wallet/slip', {
  unreadable: 'The file could not be read.',
  tooLarge: 'The image is larger than 2 MB',
  readAgain: 'The file could not be read. Choose it again.',
  notAnImage: 'Choose a PNG, JPEG or WebP image',
});

/** The image types a payment screenshot may be, as the file picker offers them. */
export const SLIP_ACCEPT = 'image/png,image/jpeg,image/webp';

/** A file's content as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error(messages.get().unreadable));
    reader.onerror = () => reject(reader.error ?? new Error(messages.get().unreadable));
    reader.readAsDataURL(file);
  });
}

/**
 * The contract's message for an image over the size limit. The contract names the limit but
 * not the message on its own, so its schema is asked about a value just over the limit.
 */
function tooLargeMessage(): string {
  const probe = storeImageRequestSchema.shape.image.safeParse(
    'x'.repeat(STORED_IMAGE_MAX_LENGTH + 1),
  );
  const issue = probe.error?.issues.find((i) => i.code === 'too_big');
  return issue === undefined ? messages.get().tooLarge : translateFormMessage(issue.message);
}

/**
 * A chosen screenshot as `Setting/StoreImage` takes it, or the contract's reason to refuse
 * it (larger than 2 MB, not a PNG, JPEG or WebP image) before anything is sent. The size is
 * checked on the file's bytes, as the server checks them: the data URL's length limit leaves
 * room for its prefix.
 */
export async function readSlip(
  file: Blob,
): Promise<{ ok: true; dataUrl: string } | { ok: false; message: string }> {
  if (file.size > STORED_IMAGE_MAX_BYTES) return { ok: false, message: tooLargeMessage() };
  let dataUrl: string;
  try {
    dataUrl = await readAsDataUrl(file);
  } catch {
    return { ok: false, message: messages.get().readAgain };
  }
  const parsed = storeImageRequestSchema.safeParse({ image: dataUrl });
  if (parsed.success) return { ok: true, dataUrl };
  const issue = parsed.error.issues[0]?.message;
  return {
    ok: false,
    message: issue === undefined ? messages.get().notAnImage : translateFormMessage(issue),
  };
}
