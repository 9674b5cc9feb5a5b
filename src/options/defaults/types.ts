import type { DefaultsTexts } from '../../shared/defaults-form.ts';
import type { Settings } from '../../shared/settings.ts';

/** What each part of the defaults form gets: the settings being edited and its number texts. */
export interface DefaultsPartProps {
  draft: Settings;
  text: DefaultsTexts;
  change: (next: Partial<Settings>) => void;
  setText: (key: keyof DefaultsTexts, value: string) => void;
}
