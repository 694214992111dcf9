// A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, so tests read the mails the app sends.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (received or to come) that `matches`; rejects after `timeoutMs`. */
  waitForMail(matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    const hex = text.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as in a Czech subject. */
function decodeHeaderValue(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(source: string): Part {
  const separator = source.search(/\r?\n\r?\n/);
  const head = separator === -1 ? source : source.slice(0, separator);
  const body = separator === -1 ? '' : source.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(part: Part): Part[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || boundary === undefined) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\r?\n/, ''))));
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const message = splitPart(raw);
  const leaves = leafParts(message);
  const bodyOf = (type: string) => {
    const leaf = leaves.find((part) =>
      (part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type),
    );
    return leaf ? decodeBody(leaf.body, leaf.headers.get('content-transfer-encoding')) : '';
  };
  return {
    to,
    subject: decodeHeaderValue(message.headers.get('subject') ?? ''),
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
    raw,
  };
}

/** Listens on `port`, or on a random free one. */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    waitForMail(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(matches);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The confirmation link's code and the one-time code of a confirmation mail. */
export function confirmationCodesOf(mail: ReceivedMail): {
  code: string;
  oneTimeCode: string;
  link: string;
} {
  const link = /https?:\/\/\S+\/email-confirm\?code=([A-Za-z0-9_%-]+)/.exec(mail.text);
  const oneTimeCode = /^([A-Z0-9]{6})$/m.exec(mail.text);
  if (!link?.[1] || !oneTimeCode?.[1]) throw new Error(`no codes in mail:\n${mail.text}`);
  return { link: link[0], code: decodeURIComponent(link[1]), oneTimeCode: oneTimeCode[1] };
}
