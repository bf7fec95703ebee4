import { useEffect, useRef, type RefObject } from 'react';

const MOUNT = Symbol('mount');

/**
 * Moves keyboard and screen-reader focus to the first heading inside `container`
 * (or the container itself) whenever `key` changes, so that after a client-side
 * navigation the user starts at the new content instead of the old link.
 * On the first render it only does so when `onMount` is set or when focus was lost
 * (the element that had it is gone, e.g. the submit button of the previous page).
 */
export function useFocusHeading(container: RefObject<HTMLElement | null>, key: unknown, onMount = false): void {
  const previous = useRef<unknown>(MOUNT);
  useEffect(() => {
    const first = previous.current === MOUNT;
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (first && !onMount && !focusLost) return;
    const root = container.current;
    if (!root) return;
    const target = root.querySelector<HTMLElement>('h1') ?? root;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [container, key, onMount]);
}
