import { useMemo } from 'react';
import { encode } from 'uqr';

/** Quiet modules around the code; the white plate around it adds the rest a scanner wants. */
const BORDER_MODULES = 2;

/** The dark modules of a QR code as one SVG path, a unit square each. */
function modulesPath(data: boolean[][]): string {
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return d;
}

/** A QR code of `value`, drawn as SVG (no markup is injected, so the page's CSP is kept). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const qr = useMemo(() => encode(value, { ecc: 'M', border: BORDER_MODULES }), [value]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-value={value}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={modulesPath(qr.data)} fill="#000" />
    </svg>
  );
}
