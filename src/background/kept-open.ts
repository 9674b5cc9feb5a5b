/**
 * A connection opened on first use and kept for the worker's life. A failed open is not
 * kept: the next use tries again (and its caller says why it could not).
 */
export function keptOpen<T extends { close(): void }>(open: () => Promise<T>) {
  let opening: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      if (opening) return opening;
      const attempt = open();
      attempt.catch(() => {
        if (opening === attempt) opening = undefined;
      });
      opening = attempt;
      return attempt;
    },
    /** For tests: close the connection so the next use opens a fresh one. */
    forget(): void {
      void opening?.then((connection) => connection.close()).catch(() => undefined);
      opening = undefined;
    },
  };
}
