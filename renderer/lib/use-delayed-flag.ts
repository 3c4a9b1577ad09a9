import { useEffect, useState } from 'react';

/** `flag`, but true only once it has stayed true for `delay` ms: quick runs do not flash a spinner. */
export function useDelayedFlag(flag: boolean, delay = 300): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!flag) return undefined;
    const timer = setTimeout(() => setElapsed(true), delay);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [flag, delay]);
  return flag && elapsed;
}
