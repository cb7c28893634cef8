// A real SMTP server on loopback for tests (the smtp-server package): it asks for the
// credentials, and keeps every message it accepts, parsed, with its envelope.
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  logins: string[];
  close(): Promise<void>;
}

export async function startTestSmtpServer(credentials = { user: "mailer", pass: "s3cret-pass" }): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username !== credentials.user || auth.password !== credentials.pass) return cb(new Error("Invalid username or password"));
      logins.push(auth.username!);
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then((parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
          cb();
        }, cb);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
