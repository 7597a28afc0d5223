import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'good' | 'warning' | 'bad' | 'info';

/** A short status word in a coloured pill. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
