import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';

/**
 * The production smoke run's mail server: production refuses to start without SMTP_URL, and the
 * journey reads what Keel sent. Accepts every message on 127.0.0.1:`--port` without TLS or sign-in,
 * and writes each, as received, to `--out`/<n>.eml. Runs until SIGTERM.
 *
 *   node --import tsx apps/server/test/productionSmoke/smtpSink.ts --port 8225 --out /tmp/mail
 */
const { values } = parseArgs({ options: { port: { type: 'string' }, out: { type: 'string' } } });
const port = Number(values.port);
const out = values.out;
if (!Number.isInteger(port) || !out) throw new Error('Usage: smtpSink.ts --port <port> --out <folder>');

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      writeFileSync(join(out, `${String(received).padStart(4, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.on('error', (error) => console.error(`SMTP sink: ${error.message}`));
server.listen(port, '127.0.0.1', () =>
  console.log(`SMTP sink listening on 127.0.0.1:${port}, writing to ${out}`),
);
// Whatever is still connected, the run is over.
process.once('SIGTERM', () => process.exit(0));
