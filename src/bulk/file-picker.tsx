import { useId, useState } from 'preact/hooks';

/** A CSV file, picked with the file chooser or dropped on the zone. */
export function FilePicker(props: { onFile: (file: File) => void; disabled?: boolean }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) props.onFile(file);
  };
  return (
    <section
      aria-label="Orders file: choose or drop it here"
      class={`drop-zone${over ? ' over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!props.disabled) take(event.dataTransfer?.files);
      }}
    >
      <label for={id}>Choose a CSV file of orders</label>{' '}
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={props.disabled}
        onChange={(event) => {
          const input = event.currentTarget as HTMLInputElement;
          take(input.files);
          // Picking the same file again (after fixing it) reads it again.
          input.value = '';
        }}
      />
      <p class="hint">or drop it here. Nothing is sent until you choose Place.</p>
    </section>
  );
}
