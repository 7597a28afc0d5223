/**
 * Draws one frame of the flight on a canvas: the scale, the curve of the multiplier with the
 * area under it, and the plane at its head (the sky is the stage's own background, painted
 * once). Called on every animation frame while the round runs, so it draws few shapes in flat
 * colours, no gradients: a phone keeps its frames short.
 *
 * The plane is Backlay's own: a small swept-wing jet seen from above, drawn from the paths below.
 */
import { CENTI } from '@backlay/contract/crash-fairness';
import { axisTicks, flightPicture, type StageSize } from './flight-geometry';

/** The jet, nose along +x, about 46 px long. */
export const JET_BODY = 'M24 0C20-4 6-5-15-3.2L-21 0-15 3.2C6 5 20 4 24 0Z';
export const JET_WINGS =
  'M6-2.5-7-17-12.5-17-5-2.5ZM6 2.5-7 17-12.5 17-5 2.5ZM-12-2-19-9-22.5-9-18.5-1.5ZM-12 2-19 9-22.5 9-18.5 1.5Z';
export const JET_CANOPY = 'M17 0C15-2.2 10-2.4 7-1.6L7 1.6C10 2.4 15 2.2 17 0Z';

export const COLOURS = {
  grid: 'rgba(255,255,255,0.07)',
  label: 'rgba(233,230,255,0.55)',
  curve: '#ffb547',
  curveCrashed: '#ff5370',
  fillTop: 'rgba(255,181,71,0.16)',
  fillCrashed: 'rgba(255,83,112,0.14)',
  body: '#f4f1ff',
  wings: '#7367f0',
  canopy: '#48d8ff',
  flame: '#ffb547',
} as const;

let paths: { body: Path2D; wings: Path2D; canopy: Path2D } | null = null;

function jetPaths() {
  paths ??= {
    body: new Path2D(JET_BODY),
    wings: new Path2D(JET_WINGS),
    canopy: new Path2D(JET_CANOPY),
  };
  return paths;
}

export interface FlightFrame {
  /** Milliseconds into the flight; 0 before it starts. */
  elapsedMs: number;
  /** The multiplier shown, in hundredths. */
  centi: number;
  crashed: boolean;
  /** Milliseconds since the crash, for the plane's exit. */
  sinceCrashMs: number;
  /** Milliseconds since the page started, for the idle plane's bob and the flame's flicker. */
  clockMs: number;
  /** Draw the plane at all (not while the table is paused or unknown). */
  showPlane: boolean;
}

export function drawFlight(ctx: CanvasRenderingContext2D, size: StageSize, frame: FlightFrame) {
  const { width, height } = size;
  ctx.clearRect(0, 0, width, height);

  const picture = flightPicture(frame.elapsedMs, frame.centi, size);
  const baseY = height - size.padBottom;

  // The scale: a few round multipliers up the left, seconds along the bottom.
  ctx.strokeStyle = COLOURS.grid;
  ctx.lineWidth = 1;
  ctx.fillStyle = COLOURS.label;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  const plotHeight = height - size.padBottom - 16;
  for (const tick of axisTicks(CENTI, picture.topCenti, 4)) {
    if (tick <= CENTI) continue;
    const y = baseY - ((tick - CENTI) / (picture.topCenti - CENTI)) * plotHeight;
    ctx.beginPath();
    ctx.moveTo(size.padLeft, y);
    ctx.lineTo(width, y);
    ctx.stroke();
    ctx.fillText(`${(tick / CENTI).toFixed(tick % CENTI === 0 ? 0 : 1)}×`, 4, y);
  }
  ctx.textBaseline = 'top';
  const plotWidth = width - size.padLeft - 12;
  for (const ms of axisTicks(0, picture.spanMs, 5)) {
    if (ms === 0) continue;
    const x = size.padLeft + (ms / picture.spanMs) * plotWidth;
    ctx.fillText(`${Math.round(ms / 1000)}s`, x - 6, baseY + 6);
  }
  ctx.beginPath();
  ctx.moveTo(size.padLeft, baseY);
  ctx.lineTo(width, baseY);
  ctx.stroke();

  if (frame.elapsedMs > 0) {
    const { points } = picture;
    const first = points[0];
    const last = points[points.length - 1];
    if (first && last) {
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      for (const point of points) ctx.lineTo(point.x, point.y);
      ctx.lineWidth = 4;
      ctx.lineJoin = 'round';
      ctx.strokeStyle = frame.crashed ? COLOURS.curveCrashed : COLOURS.curve;
      ctx.stroke();
      ctx.lineTo(last.x, baseY);
      ctx.lineTo(first.x, baseY);
      ctx.closePath();
      ctx.fillStyle = frame.crashed ? COLOURS.fillCrashed : COLOURS.fillTop;
      ctx.fill();
    }
  }

  if (!frame.showPlane) return;
  let { x, y, angle } = picture.plane;
  if (frame.elapsedMs <= 0) {
    // Waiting on the runway: a gentle bob, nose slightly up.
    x = size.padLeft + 30;
    y = baseY - 18 + Math.sin(frame.clockMs / 400) * 2;
    angle = -0.12;
  } else if (frame.crashed) {
    // Away it goes, up and out of the picture.
    const t = frame.sinceCrashMs / 1000;
    if (t > 1.2) return;
    x += t * width * 0.9;
    y -= t * height * 0.9;
    angle = -0.6;
  } else {
    angle = Math.min(-0.08, angle);
  }
  drawJet(ctx, x, y, angle, frame.clockMs, !frame.crashed && frame.elapsedMs > 0);
}

function drawJet(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  angle: number,
  clockMs: number,
  flame: boolean,
) {
  const jet = jetPaths();
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  // The nose sits on the curve's head: the jet is drawn behind it.
  ctx.translate(-22, 0);
  if (flame) {
    const flicker = 8 + Math.sin(clockMs / 40) * 3;
    ctx.fillStyle = COLOURS.flame;
    ctx.beginPath();
    ctx.moveTo(-20, -2.2);
    ctx.lineTo(-21 - flicker, 0);
    ctx.lineTo(-20, 2.2);
    ctx.closePath();
    ctx.fill();
  }
  ctx.fillStyle = COLOURS.wings;
  ctx.fill(jet.wings);
  ctx.fillStyle = COLOURS.body;
  ctx.fill(jet.body);
  ctx.fillStyle = COLOURS.canopy;
  ctx.fill(jet.canopy);
  ctx.restore();
}
