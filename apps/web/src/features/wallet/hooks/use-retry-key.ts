import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../../../shared/ids/idempotency-key';

/**
 * Keys a form's submissions. After a failure that may have reached the server, the very same
 * submission tried again reuses its key, so the server makes at most one request of it; any
 * other submission gets a new key (the server refuses a key reused for something else).
 * `same` must be a stable function.
 */
export function useRetryKey<T>(same: (a: T, b: T) => boolean) {
  const kept = useRef<{ submission: T; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor: (submission: T): string =>
        kept.current && same(kept.current.submission, submission)
          ? kept.current.key
          : newIdempotencyKey(),
      keep: (submission: T, key: string) => {
        kept.current = { submission, key };
      },
      forget: () => {
        kept.current = null;
      },
    }),
    [same],
  );
}
