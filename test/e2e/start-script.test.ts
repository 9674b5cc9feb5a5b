import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm start', () => {
  it('without a display, says how to load dist/ and keeps the sandbox answering', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, BUYLINE_SKIP_BUILD: '1' };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      for (let i = 0; i < 150 && !out.includes('Press Ctrl-C'); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(out).toContain('No display was found');
      expect(out).toContain('Load unpacked');
      const url = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      expect(url).toBeDefined();
      const demo = await fetch(`${url}/demo/`);
      expect(demo.status).toBe(200);
      expect(await demo.text()).toContain('Sandbox Test Item: Always Places');
      expect((await fetch(`${url}/v1/orders`)).status).toBe(401);
    } finally {
      child.kill('SIGINT');
    }
  }, 30_000);
});
