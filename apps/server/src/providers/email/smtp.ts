import nodemailer from 'nodemailer';
import type { EmailProvider } from '../index';

/** Sends email through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export function createSmtpEmail(smtpUrl: string, from: string): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
