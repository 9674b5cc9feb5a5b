import { useState } from 'preact/hooks';

const IDLE = { busy: false, problems: [] as string[] };

/**
 * An action of the page: `busy` while it runs, then the problems it resolved to (sentences;
 * anything else means it went through) or what it failed with. `clear` forgets them.
 */
export function useTask() {
  const [state, setState] = useState<typeof IDLE & { error?: unknown }>(IDLE);
  const run = async (task: () => Promise<unknown>) => {
    setState({ ...IDLE, busy: true });
    try {
      const result = await task();
      setState({ ...IDLE, problems: Array.isArray(result) ? result : [] });
    } catch (error) {
      setState({ ...IDLE, error });
    }
  };
  return { ...state, run, clear: () => setState(IDLE) };
}
