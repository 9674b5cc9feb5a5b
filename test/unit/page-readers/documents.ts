import { Window } from 'happy-dom';

/**
 * A document parsed from HTML as a browser would parse a served page (its scripts are
 * not run), at an address when one is given.
 */
export function documentOf(html: string, url = 'about:blank'): Document {
  const window = new Window({ url });
  const parser = new window.DOMParser();
  return parser.parseFromString(html, 'text/html') as unknown as Document;
}
