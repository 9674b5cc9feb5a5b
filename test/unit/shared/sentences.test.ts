import { describe, expect, it } from 'vitest';
import { asSentence, joinSentences, withoutFinalStop } from '../../../src/shared/sentences.ts';

describe('sentences', () => {
  it('end in exactly one full stop, whether the text had one, two or none', () => {
    for (const text of [
      'Something failed',
      'Something failed.',
      'Something failed..',
      'Something failed. .',
      ' Something failed . ',
    ])
      expect(asSentence(text), text).toBe('Something failed.');
  });

  it('keep another final mark, and stay empty when empty', () => {
    expect(asSentence('Is it?')).toBe('Is it?');
    expect(asSentence('Wait!')).toBe('Wait!');
    expect(asSentence('And so…')).toBe('And so…');
    expect(asSentence('終わりました。')).toBe('終わりました。');
    expect(asSentence('  ')).toBe('');
  });

  it('are joined with one space and one stop each, empty parts left out', () => {
    expect(joinSentences('Something failed.', 'Try again')).toBe('Something failed. Try again.');
    expect(joinSentences('Something failed', undefined, '', 'Try again..')).toBe(
      'Something failed. Try again.',
    );
    expect(joinSentences()).toBe('');
  });

  it('lose their final stops to sit inside a title', () => {
    expect(withoutFinalStop('The card was declined.')).toBe('The card was declined');
    expect(withoutFinalStop('The card was declined. .')).toBe('The card was declined');
    expect(withoutFinalStop('Is it?')).toBe('Is it?');
  });
});
