import type { ReactNode } from "react";

/**
 * The strip a bracket scrolls in. It takes focus, so a keyboard reaches a bracket wider than the
 * screen and scrolls it with the arrow keys; its name says which bracket it holds.
 */
export function BracketScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable for keyboard users (WCAG 2.1.1).
    <div className="bracket-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
