import { parseArgs } from 'node:util';
import { REPEATED_KEY_ANSWERS, type RepeatedKeyAnswer, startSandbox } from './index.ts';

const USAGE = `Usage: npm run sandbox -- [options]

  --port N            port to listen on (default 8787; 0 picks a free port)
  --token T           a client token to accept (repeatable; default: sandbox)
  --processing-ms N   how long an order stays request_processing (default 3000)
  --seed N            make every random choice repeatable
  --control           enable the control API under /_control (tests only)
  --repeated-key A    how a POST repeating an idempotency key is answered:
                      replay (default), already_exists (409 with the first
                      request_id) or already_exists_without_id (409 without it)
  --help              show this help
`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) fail(`--${name} must be a whole number, not "${value}".`);
  return Number(value);
}

let parsed: ReturnType<
  typeof parseArgs<{ options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> }>
>;
try {
  parsed = parseArgs({
    options: {
      port: { type: 'string' },
      token: { type: 'string', multiple: true },
      'processing-ms': { type: 'string' },
      seed: { type: 'string' },
      control: { type: 'boolean' },
      'repeated-key': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const values = parsed.values as {
  port?: string;
  token?: string[];
  'processing-ms'?: string;
  seed?: string;
  control?: boolean;
  'repeated-key'?: string;
  help?: boolean;
};
if (values.help) {
  console.info(USAGE);
  process.exit(0);
}
const port = wholeNumber('port', values.port, 8787);
if (port > 65_535) fail('--port must be at most 65535.');
const tokens = values.token ?? ['sandbox'];
if (tokens.some((token) => token === '' || token.includes(':')))
  fail('--token must be non-empty and contain no colon.');
const repeatedKey = values['repeated-key'] ?? 'replay';
if (!(REPEATED_KEY_ANSWERS as readonly string[]).includes(repeatedKey))
  fail(`--repeated-key must be one of ${REPEATED_KEY_ANSWERS.join(', ')}, not "${repeatedKey}".`);

// Log lines go out in one write per turn of the event loop, not one each: stdout to a
// file or a pipe is written synchronously, and under load a write per order would cost
// more than answering it.
let lines: string[] = [];
const flush = () => {
  const text = lines.join('');
  lines = [];
  process.stdout.write(text);
};
const log = (line: string) => {
  if (lines.length === 0) setImmediate(flush);
  lines.push(`[sandbox] ${line}\n`);
};

const sandbox = await startSandbox({
  port,
  tokens,
  processingMs: wholeNumber('processing-ms', values['processing-ms'], 3_000),
  ...(values.seed !== undefined ? { seed: wholeNumber('seed', values.seed, 0) } : {}),
  control: values.control ?? false,
  repeatedKey: repeatedKey as RepeatedKeyAnswer,
  log,
}).catch((error: unknown) =>
  fail(`Could not start the sandbox: ${error instanceof Error ? error.message : String(error)}`),
);

console.info(`Sandbox listening on ${sandbox.url}`);
const stop = () => {
  void sandbox.close().then(() => {
    flush();
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
