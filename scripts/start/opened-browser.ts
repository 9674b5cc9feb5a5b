/** A browser `npm start` opened: closed by Ctrl-C, or by the person closing its window. */
export interface OpenedBrowser {
  close(): Promise<void>;
  onClose(listener: () => void): void;
}
