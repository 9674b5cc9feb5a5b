/**
 * Writing CSV: RFC 4180 quoting, CRLF line ends. A cell a spreadsheet would run as a
 * formula gets a leading quote, since the values come partly from outside.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(lines: readonly (readonly unknown[])[]): string {
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
