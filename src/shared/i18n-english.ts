/**
 * The English messages, for t() where the browser's i18n is missing: unit tests and Node
 * (the sandbox checks addresses with the same sentences). In the extension the browser
 * reads the same file from _locales, so a build may resolve this module to an empty
 * table (a Vite plugin), and the pages' bundles do not carry every sentence twice.
 */
import messages from '../../public/_locales/en/messages.json' with { type: 'json' };

export const ENGLISH: Readonly<Record<string, EnglishMessage | undefined>> = messages;

export interface EnglishMessage {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
