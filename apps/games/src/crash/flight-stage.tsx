/**
 * The stage: the flight drawn on a canvas from the server's clock, and over it the multiplier,
 * the betting window's countdown, the crash, or why the table waits. React renders it once per
 * phase; the frames in between are drawn by one animation loop that writes the canvas and two
 * text nodes directly, so a running round costs no re-render at all.
 */
import { useEffect, useRef } from 'react';
import {
  elapsedMsToReach,
  formatMultiplier,
  multiplierCentiAt,
} from '@backlay/contract/crash-fairness';
import type { CrashRound } from '@backlay/contract/house-games';
import { drawFlight } from './draw-flight';
import type { StageSize } from './flight-geometry';
import { t } from './messages';
import type { ServerClock } from '../shared/server-clock';

/** What the stage shows at a moment of the server's clock. */
export interface StageReading {
  elapsedMs: number;
  centi: number;
  crashed: boolean;
  sinceCrashMs: number;
  /** Seconds left in the betting window, and its share still to run (1 → 0). */
  countdown: { seconds: number; share: number } | null;
}

/** The stage's reading of a round at `serverNow` (pure: the loop and the tests use it). */
export function readStage(
  round: CrashRound | null,
  serverNow: number,
  bettingMs: number,
): StageReading {
  const idle = { elapsedMs: 0, centi: 100, crashed: false, sinceCrashMs: 0, countdown: null };
  if (!round || round.phase === 'PAUSED') return idle;
  if (round.phase === 'BETTING') {
    const leftMs = Math.max(0, round.bettingEndsAt - serverNow);
    return {
      ...idle,
      countdown: {
        seconds: Math.ceil(leftMs / 100) / 10,
        share: bettingMs > 0 ? Math.min(1, leftMs / bettingMs) : 0,
      },
    };
  }
  if (round.phase === 'RUNNING') {
    const elapsedMs = Math.max(0, serverNow - round.startedAt);
    return { ...idle, elapsedMs, centi: multiplierCentiAt(elapsedMs) };
  }
  return {
    ...idle,
    elapsedMs: Math.max(1, elapsedMsToReach(round.crashPointCenti)),
    centi: round.crashPointCenti,
    crashed: true,
    sinceCrashMs: Math.max(0, serverNow - round.crashedAt),
  };
}

const PAD = { padLeft: 34, padBottom: 22 };

export function FlightStage({
  round,
  clock,
  bettingMs,
  connecting,
}: {
  round: CrashRound | null;
  clock: ServerClock;
  bettingMs: number;
  connecting: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multiplierRef = useRef<HTMLOutputElement>(null);
  const countdownRef = useRef<HTMLSpanElement>(null);
  const barRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let size: StageSize = { width: 0, height: 0, ...PAD };
    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      // Two device pixels per CSS pixel at most: sharper is not visible, and costs fill rate.
      const scale = Math.min(2, window.devicePixelRatio || 1);
      canvas.width = Math.round(rect.width * scale);
      canvas.height = Math.round(rect.height * scale);
      ctx.setTransform(scale, 0, 0, scale, 0, 0);
      size = { width: rect.width, height: rect.height, ...PAD };
    };
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(canvas);
    const started = performance.now();
    let lastText = '';
    let frameId = 0;
    const frame = () => {
      const reading = readStage(round, clock.now(), bettingMs);
      if (size.width > 0) {
        drawFlight(ctx, size, {
          ...reading,
          clockMs: performance.now() - started,
          showPlane: round !== null && round.phase !== 'PAUSED',
        });
      }
      const text = `${formatMultiplier(reading.centi)}×`;
      if (multiplierRef.current && text !== lastText) {
        multiplierRef.current.textContent = text;
        lastText = text;
      }
      if (reading.countdown && countdownRef.current && barRef.current) {
        countdownRef.current.textContent = t('nextRoundIn', {
          seconds: reading.countdown.seconds.toFixed(1),
        });
        barRef.current.style.transform = `scaleX(${reading.countdown.share})`;
      }
      // A crashed round's picture stands still once the plane has gone: no more frames needed.
      if (!(reading.crashed && reading.sinceCrashMs > 1_500)) {
        frameId = requestAnimationFrame(frame);
      }
    };
    frameId = requestAnimationFrame(frame);
    return () => {
      cancelAnimationFrame(frameId);
      observer?.disconnect();
    };
  }, [round, clock, bettingMs]);

  const phase = round?.phase ?? null;
  return (
    <section className="stage" data-phase={phase ?? 'NONE'} aria-label={t('gameName')}>
      <canvas ref={canvasRef} className="stage-canvas" aria-hidden="true" />
      <div className="stage-overlay">
        {phase === 'RUNNING' || phase === 'CRASHED' ? (
          <>
            <output
              ref={multiplierRef}
              className="stage-multiplier"
              data-testid="multiplier"
              aria-live="off"
            />
            {round?.phase === 'CRASHED' && (
              <p className="stage-crashed" role="status">
                {t('crashedAt', { multiplier: formatMultiplier(round.crashPointCenti) })}
              </p>
            )}
          </>
        ) : phase === 'BETTING' ? (
          <div className="stage-betting">
            <p className="stage-title">{t('placeBets')}</p>
            <span ref={countdownRef} className="stage-countdown" role="timer" />
            <span className="stage-bar" aria-hidden="true">
              <span ref={barRef} />
            </span>
          </div>
        ) : round?.phase === 'PAUSED' ? (
          <div className="stage-betting">
            <p className="stage-title">{t('paused')}</p>
            <p className="stage-note">{t(`pause${round.reason}`)}</p>
          </div>
        ) : (
          connecting && <p className="stage-note">{t('connecting')}</p>
        )}
      </div>
    </section>
  );
}
