import { useEffect, useRef, useState } from 'preact/hooks';
import { type MessageKey, t } from '../shared/i18n.ts';
import { focusOn } from './field-problems.ts';

/** The page's sections, by the id PageSection takes (its heading is `${id}-heading`). */
const SECTIONS: readonly (readonly [string, MessageKey])[] = [
  ['connection', 'options_connectionTitle'],
  ['defaults', 'options_defaultsTitle'],
  ['behaviour', 'options_behaviourTitle'],
  ['webhooks', 'options_webhooksTitle'],
  ['vault', 'options_vaultTitle'],
  ['data', 'options_dataTitle'],
];

const heading = (id: string) => document.getElementById(`${id}-heading`);

/** The last section whose heading has scrolled past the top fifth of the window, or the first. */
function sectionInView(): string {
  const line = window.innerHeight / 5;
  let current = 'connection';
  for (const [id] of SECTIONS) {
    const top = heading(id)?.getBoundingClientRect().top;
    if (top !== undefined && top <= line) current = id;
  }
  return current;
}

/**
 * Links to each section, the one in view marked aria-current. Following a link moves focus
 * to the section's heading, so the next Tab goes on from there.
 */
export function SectionNav() {
  const [current, setCurrent] = useState('connection');
  // A section the user went to stays current while its heading is on screen, even where
  // the page ends too soon to scroll it to the top.
  const chosen = useRef<string | undefined>(undefined);

  // The browser sends scroll and resize events at most once a frame, before it paints.
  useEffect(() => {
    const update = () => {
      const top = chosen.current ? heading(chosen.current)?.getBoundingClientRect().top : undefined;
      if (top !== undefined && top >= 0 && top < window.innerHeight) return;
      chosen.current = undefined;
      setCurrent(sectionInView());
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return (
    <nav class="sections" aria-label={t('options_navLabel')}>
      <ul>
        {SECTIONS.map(([id, title]) => (
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
              {t(title)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
