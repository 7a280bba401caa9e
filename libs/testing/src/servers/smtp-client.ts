import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** A plain SMTP client over a socket: each command answers the server's full (multi-line) reply. */
export class SmtpClient {
  private buffer = '';
  private waiting: ((reply: string) => void) | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.flush();
    });
  }

  static async open(port: number, host = '127.0.0.1'): Promise<{ client: SmtpClient; greeting: string }> {
    const socket = connect(port, host);
    const client = new SmtpClient(socket);
    return { client, greeting: await client.reply() };
  }

  /**
   * Sends one message as a mail server would; answers the reply to each step (`ehlo`, `mail`,
   * `rcpt`, `data`, `end` — the reply to the message itself) up to the first refusal.
   */
  static async deliver(
    port: number,
    to: string,
    message: string,
    mailFrom = 'MAIL FROM:<ops@importer.example>',
  ): Promise<Record<string, string>> {
    const { client } = await SmtpClient.open(port);
    const replies: Record<string, string> = {};
    try {
      replies['ehlo'] = await client.send('EHLO importer.example');
      replies['mail'] = await client.send(mailFrom);
      if (!replies['mail'].startsWith('250')) return replies;
      replies['rcpt'] = await client.send(`RCPT TO:<${to}>`);
      if (!replies['rcpt'].startsWith('250')) return replies;
      replies['data'] = await client.send('DATA');
      replies['end'] = await client.send(`${message.replace(/\r\n\./g, '\r\n..')}\r\n.`);
      return replies;
    } finally {
      await client.close();
    }
  }

  async send(command: string): Promise<string> {
    const reply = this.reply();
    this.socket.write(`${command}\r\n`);
    return reply;
  }

  async close(): Promise<void> {
    await this.send('QUIT').catch(() => '');
    this.socket.destroy();
  }

  private reply(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.flush();
    });
  }

  private flush(): void {
    const lines = this.buffer.split('\r\n');
    const last = lines.findIndex((line) => /^\d{3} /.test(line));
    if (last === -1 || this.waiting === null) return;
    const resolve = this.waiting;
    this.waiting = null;
    this.buffer = lines.slice(last + 1).join('\r\n');
    resolve(lines.slice(0, last + 1).join('\n'));
  }
}
