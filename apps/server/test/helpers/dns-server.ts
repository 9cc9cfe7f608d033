import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * The world's DNS, as a test double: a tiny UDP DNS server on loopback answering TXT queries
 * from `records` (a name not there is NXDOMAIN). The app asks it through node's own resolver
 * (`dnsServers`), so the code under test is the real lookup.
 */
export async function startDnsServer() {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (query, from) => {
    // Header (12 bytes), then the question: length-prefixed labels, a zero, type and class.
    let at = 12;
    const labels: string[] = [];
    while (at < query.length && query[at] !== 0) {
      const length = query[at] as number;
      labels.push(query.subarray(at + 1, at + 1 + length).toString('latin1'));
      at += length + 1;
    }
    const questionEnd = at + 5;
    const type = query.readUInt16BE(at + 1);
    const name = labels.join('.').toLowerCase();
    const found = records.get(name);
    const answers = found && type === 16 ? found : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // QR, RD and RA; NXDOMAIN (3) when the name is unknown.
    header.writeUInt16BE(0x8180 | (found ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const parts = [header, query.subarray(12, questionEnd)];
    for (const text of answers) {
      const data = Buffer.from(text, 'latin1');
      const answer = Buffer.alloc(12);
      answer.writeUInt16BE(0xc00c, 0); // the question's name
      answer.writeUInt16BE(16, 2); // TXT
      answer.writeUInt16BE(1, 4); // IN
      answer.writeUInt32BE(60, 6); // TTL
      answer.writeUInt16BE(data.length + 1, 10);
      parts.push(answer, Buffer.from([data.length]), data);
    }
    socket.send(Buffer.concat(parts), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    setTxt: (name: string, values: string[]) => records.set(name.toLowerCase(), values),
    clear: () => records.clear(),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
