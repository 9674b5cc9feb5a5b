import type { Column } from '../shared/bulk/columns.ts';
import { defaultsForColumns, describeDefault } from '../shared/bulk/defaults-words.ts';
import type { BulkOptions, CheckedOrder, DefaultUse } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import type { Settings } from '../shared/settings.ts';

/** The saved defaults this file falls back on, and once checked, how many orders each served. */
export function DefaultsList(props: {
  settings: Settings;
  columns: Column[];
  options: BulkOptions;
  checked: CheckedOrder[];
}) {
  const uses = new Map<DefaultUse, number>();
  for (const order of props.checked)
    for (const use of order.defaults) uses.set(use, (uses.get(use) ?? 0) + 1);
  const fromColumns = defaultsForColumns(props.columns, props.settings, props.options);
  const all = [...new Set([...fromColumns, ...uses.keys()])];
  const checked = formatCount(props.checked.length);
  if (all.length === 0) return <p class="hint">{t('bulk_noDefaults')}</p>;
  return (
    <section aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t('bulk_defaultsHeading')}</h2>
      <ul>
        {all.map((use) => (
          <li key={use}>
            {describeDefault(use, props.settings)}
            {uses.has(use) && (
              <span class="hint">
                {' '}
                {t('bulk_usedBy', formatCount(uses.get(use) ?? 0), checked)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
