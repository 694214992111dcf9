// Whether an element has come within reach of the viewport (and stays so once it has): for heavy parts below the fold that need not load or render with the page.
import { useEffect, useState, type RefObject } from 'react';

/** How far below the fold an element counts as near: it is ready by the time it is scrolled to. */
const NEAR_MARGIN = '300px';

/**
 * True once `ref`'s element is in or near the viewport. Without IntersectionObserver (old
 * browsers, jsdom) everything counts as near, so nothing stays unrendered.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
