// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { OptionsApp } from '../../../src/options/app.tsx';
import { defaultSettings, type Settings } from '../../../src/shared/settings.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';

let connector: MockConnector;
let settings: Settings;
const SECTIONS = [
  'Connection',
  'Order defaults',
  'Behaviour',
  'Webhooks',
  'Own-account secrets',
  'Data',
];

afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  settings = defaultSettings();
  connector = mockConnector({
    'settings.get': () => settings,
    'token.status': () => ({ set: true }),
    'vault.status': () => ({ exists: false, unlocked: false, items: [] }),
  });
});

/** Puts each section's heading at `top(index)` pixels from the top of the window. */
function placeHeadings(top: (index: number) => number) {
  SECTIONS.forEach((name, index) => {
    const heading = screen.getByRole('heading', { level: 2, name });
    heading.getBoundingClientRect = () => ({ top: top(index) }) as DOMRect;
  });
}

describe('the options page’s sections', () => {
  it('are linked from one navigation, in the order of the page', async () => {
    renderWith(connector, <OptionsApp />);
    const nav = await screen.findByRole('navigation', { name: 'Sections of the options page' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(SECTIONS);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      expect(target?.tagName).toBe('H2');
      expect(SECTIONS).toContain(target?.textContent);
    }
    await screen.findByRole('region', { name: 'Data' });
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')),
    ).toEqual(expect.arrayContaining(['connection-heading', 'behaviour-heading']));
  });

  it('mark the section in view as current, and move focus to the one a link goes to', async () => {
    renderWith(connector, <OptionsApp />);
    await screen.findByRole('region', { name: 'Data' });
    const link = (name: string) => screen.getByRole('link', { name });
    const current = () =>
      screen
        .getAllByRole('link')
        .filter((candidate) => candidate.getAttribute('aria-current') === 'true')
        .map((candidate) => candidate.textContent);

    // Scrolled so that Behaviour's heading has passed the top of the window.
    placeHeadings((index) => (index - 2) * 400 + 10);
    fireEvent.scroll(window);
    await waitFor(() => expect(current()).toEqual(['Behaviour']));

    const webhooks = screen.getByRole('heading', { level: 2, name: 'Webhooks' });
    webhooks.scrollIntoView = vi.fn();
    fireEvent.click(link('Webhooks'));
    expect(current()).toEqual(['Webhooks']);
    expect(document.activeElement).toBe(webhooks);
    expect(webhooks.scrollIntoView).toHaveBeenCalled();
    expect(location.hash).toBe('#webhooks-heading');
  });

  it('link to the bulk orders page in a new tab', async () => {
    renderWith(connector, <OptionsApp />);
    const bulk = await screen.findByRole('link', { name: 'Bulk orders (opens in a new tab)' });
    expect(bulk.getAttribute('href')).toBe('../bulk/index.html');
    expect(bulk.getAttribute('target')).toBe('_blank');
    expect(bulk.getAttribute('rel')).toBe('noopener');
  });
});
