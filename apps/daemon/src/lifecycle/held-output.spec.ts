import { PassThrough } from 'node:stream';
import { HELD_BYTES_LIMIT, HeldOutput } from './held-output';

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

async function written(output: HeldOutput, line: string): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    output.write(line, (error) => (error ? reject(error) : resolve())),
  );
}

describe('HeldOutput', () => {
  it('holds start-up lines and writes the readiness line first, then them, then passes through', async () => {
    const stdout = sink();
    const output = new HeldOutput(stdout.stream);
    await written(output, '{"msg":"admin token"}\n');
    await written(output, '{"msg":"instance lock held"}\n');
    expect(stdout.text()).toBe('');
    output.release('{"tickler":"ready"}\n');
    await written(output, '{"msg":"listening"}\n');
    expect(stdout.text().split('\n')).toEqual([
      '{"tickler":"ready"}',
      '{"msg":"admin token"}',
      '{"msg":"instance lock held"}',
      '{"msg":"listening"}',
      '',
    ]);
  });

  it('sends what it held to another stream when start-up fails, leaving stdout empty', async () => {
    const stdout = sink();
    const stderr = sink();
    const output = new HeldOutput(stdout.stream);
    await written(output, '{"msg":"admin token"}\n');
    output.divert(stderr.stream);
    await written(output, '{"level":60,"msg":"cannot start"}\n');
    expect(stdout.text()).toBe('');
    expect(stderr.text()).toBe('{"msg":"admin token"}\n{"level":60,"msg":"cannot start"}\n');
  });

  it('keeps at most HELD_BYTES_LIMIT bytes before release and says how many lines it dropped', async () => {
    const stdout = sink();
    const output = new HeldOutput(stdout.stream);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < HELD_BYTES_LIMIT / 1024 + 3; i++) {
      await written(output, line);
    }
    output.release('ready\n');
    const lines = stdout.text().trimEnd().split('\n');
    expect(lines[0]).toBe('ready');
    expect(lines).toHaveLength(1 + HELD_BYTES_LIMIT / 1024 + 1);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ msg: 'start-up log lines dropped', count: 3 });
  });

  it('passes lines logged while a write is under way on as one write to stdout, in order', async () => {
    const stdout = sink();
    const writes: string[] = [];
    const write = stdout.stream.write.bind(stdout.stream);
    stdout.stream.write = ((chunk: Buffer, callback?: (error?: Error | null) => void) => {
      writes.push(chunk.toString());
      return write(chunk, callback);
    }) as typeof stdout.stream.write;
    const output = new HeldOutput(stdout.stream);
    output.release('ready\n');
    writes.length = 0;
    const lines = Array.from({ length: 500 }, (_, i) => `{"msg":"delivered","n":${i}}\n`);
    // As pino does for a batch of deliveries: every line written in one synchronous run.
    const done = lines.map((line) => written(output, line));
    await Promise.all(done);
    expect(writes).toEqual([lines[0], lines.slice(1).join('')]);
    expect(stdout.text()).toBe(`ready\n${lines.join('')}`);
  });

  it("reports the real stdout's errors (EPIPE: the reader is gone) as its own", async () => {
    const stdout = sink();
    const output = new HeldOutput(stdout.stream);
    const errors: string[] = [];
    output.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? ''));
    stdout.stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual(['EPIPE']);
  });
});
