/** A plain button (never a form's submit): its words, what it does, and its look. */
export const button = (words: string, onClick: () => void, kind?: string) => (
  <button type="button" class={kind} onClick={onClick}>
    {words}
  </button>
);
