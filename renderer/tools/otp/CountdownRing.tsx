const RADIUS = 9;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The TOTP countdown: a ring that empties as the code's period runs out, with the seconds left inside. */
export function CountdownRing({ remaining, period, label }: { remaining: number; period: number; label: string }) {
  const seconds = Math.ceil(remaining);
  const fraction = Math.max(0, Math.min(1, remaining / period));
  return (
    <span className={seconds <= 5 ? 'otp-ring otp-ring--ending' : 'otp-ring'} role="timer" aria-label={label} data-testid="otp-ring">
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <circle className="otp-ring__track" cx="12" cy="12" r={RADIUS} />
        <circle
          className="otp-ring__bar"
          cx="12"
          cy="12"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
          transform="rotate(-90 12 12)"
        />
      </svg>
      <span className="otp-ring__seconds">{seconds}</span>
    </span>
  );
}
