/**
 * The betting window's countdown, on the server's clock (a phone's own clock may be minutes
 * off): whole seconds left and a bar that empties. One animation loop writes the text and the
 * bar directly, so the countdown costs no re-render.
 */
import { useEffect, useRef } from 'react';

/** Whole seconds left until `endsAt`, and the share of the window still to run (1 → 0). */
export function countdownAt(
  endsAt: number,
  windowMs: number,
  serverNow: number,
): { seconds: number; share: number } {
  const leftMs = Math.max(0, endsAt - serverNow);
  return {
    seconds: Math.ceil(leftMs / 1_000),
    share: windowMs > 0 ? Math.min(1, leftMs / windowMs) : 0,
  };
}

export function Countdown({
  endsAt,
  windowMs,
  now,
  text,
}: {
  endsAt: number;
  windowMs: number;
  /** The server's time now. */
  now: () => number;
  /** The sentence for a number of seconds left. */
  text: (seconds: number) => string;
}) {
  const label = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLSpanElement>(null);
  const first = countdownAt(endsAt, windowMs, now());

  useEffect(() => {
    let frameId = 0;
    const frame = () => {
      const reading = countdownAt(endsAt, windowMs, now());
      const sentence = text(reading.seconds);
      if (label.current && label.current.textContent !== sentence) {
        label.current.textContent = sentence;
      }
      if (bar.current) bar.current.style.transform = `scaleX(${reading.share})`;
      if (reading.share > 0) frameId = requestAnimationFrame(frame);
    };
    frameId = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(frameId);
  }, [endsAt, windowMs, now, text]);

  return (
    <div className="countdown" data-testid="countdown">
      <span ref={label} className="countdown-text">
        {text(first.seconds)}
      </span>
      <span className="countdown-bar" aria-hidden="true">
        <span ref={bar} style={{ transform: `scaleX(${first.share})` }} />
      </span>
    </div>
  );
}
