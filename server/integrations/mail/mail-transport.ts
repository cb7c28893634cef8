// Sends one message over SMTP with nodemailer. Only the mail job handler calls this, and only
// when SMTP_URL is set: without it this module is never loaded.
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (a signed agreement's PDF); kept as base64 in the queued job. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  /** A display name for MAIL_FROM's address (a campaign's "from" name); MAIL_FROM as written when absent. */
  fromName?: string;
  replyTo?: string;
  /** Its Message-ID, "<…@…>" (a campaign's, one per recipient); nodemailer makes one when absent. */
  messageId?: string;
  /** Extra headers (List-Unsubscribe); their values are made one line like every other header. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Text bound for a header (subject, names), on one line: CR, LF and the other line breaks and
 * control characters become spaces, so nothing a person typed can add a header.
 */
export const headerSafe = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();

/** The address inside MAIL_FROM ("Desk <desk@example.com>" → "desk@example.com"). */
export const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

export function createMailTransport(config: { smtpUrl: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.fromName ? { name: headerSafe(message.fromName), address: addressOf(config.from) } : config.from,
        ...(message.replyTo && { replyTo: headerSafe(message.replyTo) }),
        ...(message.messageId && { messageId: headerSafe(message.messageId) }),
        ...(message.headers && { headers: Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, headerSafe(v)])) }),
        to: headerSafe(message.to),
        subject: headerSafe(message.subject),
        text: message.text,
        html: message.html,
        ...(message.attachments && {
          attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, "base64") })),
        }),
        // No X-Mailer naming the library and its version.
        xMailer: false,
      });
    },
    close: () => transporter.close(),
  };
}
