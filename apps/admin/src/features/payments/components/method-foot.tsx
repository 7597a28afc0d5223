import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';

/**
 * The foot of a method's card: its Active switch and, for a method not saved yet, a button
 * that takes it out again. Saved methods have none: they are switched off, never removed.
 */
export function MethodFoot({
  isNew,
  onRemove,
  children,
}: {
  isNew: boolean;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <div className="method__foot">
      {children}
      {isNew ? (
        <Button size="small" variant="ghost" onClick={onRemove}>
          Remove
        </Button>
      ) : null}
    </div>
  );
}
