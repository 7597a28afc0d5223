import type { ReactElement, ReactNode } from 'react';

/** Stands for the element while the message is filled in; no translation contains it. */
const SLOT = '\u0000';

/**
 * A translated sentence with one element in it, where the language puts it: for
 * `params('Logged in as {name}.')`, `messageWith(t.loggedInAs, 'name', <strong>…</strong>)`.
 */
export function messageWith<Name extends string>(
  message: (values: Record<Name, string>) => string,
  name: Name,
  element: ReactElement,
): ReactNode {
  const [before = '', after = ''] = message({ [name]: SLOT } as Record<Name, string>).split(SLOT);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
