import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { focusOn } from './field-problems.ts';

export interface PageSectionLink {
  /** The section's id, as PageSection takes it: its heading is `${id}-heading`. */
  id: string;
  title: string;
}

const heading = (id: string) => document.getElementById(`${id}-heading`);

/**
 * The section a reader is in: the last one whose heading has scrolled past the top
 * fifth of the window, or the first one.
 */
function sectionInView(sections: readonly PageSectionLink[]): string | undefined {
  const line = window.innerHeight / 5;
  let current = sections[0]?.id;
  for (const { id } of sections) {
    const top = heading(id)?.getBoundingClientRect().top;
    if (top !== undefined && top <= line) current = id;
  }
  return current;
}

/**
 * Links to each section of the page, the one in view marked as current (for the eye and
 * for screen readers, aria-current). Following a link moves focus to the section's
 * heading, so the next Tab goes on from there.
 */
export function SectionNav({ sections }: { sections: readonly PageSectionLink[] }) {
  const [current, setCurrent] = useState<string | undefined>(sections[0]?.id);
  // A section the user went to stays current while its heading is on screen, even where
  // the page ends too soon to scroll it to the top.
  const chosen = useRef<string | undefined>(undefined);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = chosen.current
          ? heading(chosen.current)?.getBoundingClientRect().top
          : undefined;
        if (top !== undefined && top >= 0 && top < window.innerHeight) return;
        chosen.current = undefined;
        setCurrent(sectionInView(sections));
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [sections.map((section) => section.id).join()]);

  return (
    <nav class="sections" aria-label={t('options_navLabel')}>
      <ul>
        {sections.map(({ id, title }) => (
          <li key={id}>
            <a
              href={`#${id}-heading`}
              aria-current={current === id ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                chosen.current = id;
                setCurrent(id);
                focusOn(heading(id));
                heading(id)?.scrollIntoView({ block: 'start' });
                history.replaceState(null, '', `#${id}-heading`);
              }}
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
