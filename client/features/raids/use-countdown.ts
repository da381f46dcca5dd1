import { useEffect, useState } from "react";

const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/** Whole seconds left until `deadline` (a Date.now() time), ticking; 0 once it passed. */
export function useCountdown(deadline: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSeconds(secondsUntil(deadline));
    const timer = setInterval(() => setSeconds(secondsUntil(deadline)), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
