import { useEffect, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(REDUCED_MOTION).matches;
}

/** True when the user asked the system for less motion (follows changes live). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

export interface TypingTitleProps {
  text: string;
  /** Milliseconds per character. */
  speed?: number;
  className?: string;
}

/**
 * The home page's heading, typed out one character at a time. Screen readers get
 * the whole text at once; under prefers-reduced-motion the full text shows at once.
 */
export function TypingTitle({ text, speed = 55, className }: TypingTitleProps) {
  const reduceMotion = usePrefersReducedMotion();
  const [typed, setTyped] = useState(0);

  useEffect(() => {
    if (reduceMotion) return;
    let count = 0;
    const timer = window.setInterval(() => {
      count += 1;
      setTyped(count);
      if (count >= text.length) window.clearInterval(timer);
    }, speed);
    return () => window.clearInterval(timer);
  }, [text, speed, reduceMotion]);

  const shown = reduceMotion ? text.length : Math.min(typed, text.length);
  const done = shown >= text.length;

  return (
    <h1 className={className} aria-label={text}>
      {/* The invisible full text reserves the final size, so nothing below moves while typing. */}
      <span aria-hidden="true" className="grid">
        {/* Shown as is when the page is read without JavaScript (src/client/document.tsx). */}
        <span className="invisible col-start-1 row-start-1" data-noscript-show="">
          {text}
        </span>
        <span className="col-start-1 row-start-1" data-testid="typed-text">
          {text.slice(0, shown)}
          {!done && (
            <span className="ml-0.5 inline-block w-[0.08em] animate-pulse bg-current align-baseline">&nbsp;</span>
          )}
        </span>
      </span>
    </h1>
  );
}
