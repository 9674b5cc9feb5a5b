import type { Locator, Page } from 'playwright-core';

/** What looks broken on a screen at one width, measured in the page. */
export interface LayoutFindings {
  /** How far the page scrolls sideways, in CSS pixels (0 when it fits). */
  sidewaysScroll: number;
  /** Controls that stick out past the left or right edge, described by role and name. */
  clipped: string[];
  /** The control that must show without scrolling, when it does not: its top, in px. */
  belowFold?: number;
}

/** The popup's largest height: Chrome never makes a popup taller. */
const POPUP_MAX_HEIGHT = 600;

export async function layoutFindings(
  page: Page,
  options: { aboveFold?: Locator | undefined; within?: string | undefined } = {},
): Promise<LayoutFindings> {
  const { aboveFold } = options;
  // No named functions inside: tsx wraps those in a helper the page does not have.
  const measured = await page.evaluate((within) => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const scope = (within && document.querySelector(within)) || document;
    const clipped = [...scope.querySelectorAll('button, a, input, select, textarea, summary')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) return false;
        // A control in a box that scrolls sideways, itself inside the page, is reached by
        // scrolling that box (bulk's wide tables): not cut off.
        for (let holder = element.parentElement; holder && holder !== root; ) {
          const scrolls = /auto|scroll/.test(getComputedStyle(holder).overflowX);
          const rect = holder.getBoundingClientRect();
          if (scrolls && rect.left >= -0.5 && rect.right <= width + 0.5) return false;
          holder = holder.parentElement;
        }
        return true;
      })
      .map((element) => {
        const label = (element as HTMLInputElement).labels?.[0]?.textContent;
        const name = (
          element.getAttribute('aria-label') ||
          label ||
          element.textContent ||
          element.getAttribute('name') ||
          element.id
        )
          .trim()
          .slice(0, 40);
        return `${element.tagName.toLowerCase()} “${name}”`;
      });
    return { sidewaysScroll: Math.max(0, root.scrollWidth - width), clipped };
  }, options.within);
  if (!aboveFold) return measured;
  // Where it is in the view as the screen stands (a sticky footer stays in view however
  // far a click scrolled the form), at most the popup's largest height.
  const box = await aboveFold.first().boundingBox();
  return box && box.y >= 0 && box.y + box.height <= POPUP_MAX_HEIGHT
    ? measured
    : { ...measured, belowFold: Math.round(box?.y ?? Number.POSITIVE_INFINITY) };
}

/** One line per problem, empty when the screen fits. */
export function describeFindings(findings: LayoutFindings): string[] {
  const lines: string[] = [];
  if (findings.sidewaysScroll > 0) lines.push(`scrolls sideways by ${findings.sidewaysScroll} px`);
  const [first = '', ...more] = findings.clipped.slice(0, 4);
  if (findings.clipped.length > 0)
    lines.push(
      `${[first, ...more].join(', ')}${findings.clipped.length > 4 ? ` and ${findings.clipped.length - 4} more controls` : ''} cut off at the edge`,
    );
  if (findings.belowFold !== undefined)
    lines.push(
      `the main action starts at y=${findings.belowFold}, below the ${POPUP_MAX_HEIGHT} px a popup can show`,
    );
  return lines;
}
