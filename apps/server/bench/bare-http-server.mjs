// The load section's baseline (bench/load.bench.ts): a bare node:http server in a process of
// its own, as the app's server is, answering a small JSON body to GET and a TwiML body to POST.
// It prints the port it listens on as one line of JSON.
import { createServer } from 'node:http';

const JSON_BODY = JSON.stringify({ ok: true, items: [{ id: 1, name: 'Bounce Kingdom' }] });
const TWIML_BODY =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Dial><Client>agent</Client></Dial></Response>';

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.method === 'POST') {
      response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      response.end(TWIML_BODY);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON_BODY);
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
