import { describe, expect, it } from 'vitest';
import { notesObject, notesOf } from '../../../src/shared/client-notes.ts';

// Notes the buyer wrote are kept beside Buyline's reference, the same way everywhere.
describe('client notes', () => {
  it('takes a JSON object as written and keeps any other text whole as the note', () => {
    expect(notesObject('{"ref": "A-12"}')).toEqual({ ref: 'A-12' });
    expect(notesObject('Store order 1001')).toEqual({ note: 'Store order 1001' });
    expect(notesObject('[1, 2]')).toEqual({ note: '[1, 2]' });
  });

  it('says nothing for text that starts like an object but is not one', () => {
    expect(notesObject('{ref: A-12')).toBeUndefined();
    expect(notesObject('{"a": 1} trailing')).toBeUndefined();
  });

  it('turns whatever a caller sent into an object, never dropping text', () => {
    expect(notesOf({ ref: 'A' })).toEqual({ ref: 'A' });
    expect(notesOf('gate code 4411')).toEqual({ note: 'gate code 4411' });
    expect(notesOf(42)).toEqual({ note: 42 });
    expect(notesOf(undefined)).toEqual({});
    expect(notesOf('  ')).toEqual({});
  });
});
