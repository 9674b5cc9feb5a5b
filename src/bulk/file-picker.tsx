import { useId, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';

/** A CSV file, picked with the file chooser or dropped on the zone. */
export function FilePicker(props: { onFile: (file: File) => void; disabled?: boolean }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (file: File | null | undefined) => file && props.onFile(file);
  return (
    <section
      aria-label={t('bulk_dropZone')}
      class={`notice drop-zone${over ? ' over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!props.disabled) take(event.dataTransfer?.files[0]);
      }}
    >
      <label for={id}>{t('bulk_chooseFile')}</label>{' '}
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={props.disabled}
        onChange={(event) => {
          const input = event.currentTarget as HTMLInputElement;
          take(input.files?.[0]);
          // Picking the same file again (after fixing it) reads it again.
          input.value = '';
        }}
      />
      <p class="hint">{t('bulk_dropHint')}</p>
    </section>
  );
}
