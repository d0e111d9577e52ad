import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What sending needs of a transport: nodemailer's, or a test's fake. */
export interface MailTransport {
  sendMail(message: MailMessage & { from: string }): Promise<unknown>;
  close?(): void;
}

export interface Mailer {
  /** False when no SMTP is configured: callers then log what they would have sent (codes, in development). */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** SMTP through nodemailer when SMTP_URL is set (or a transport is handed in by tests); otherwise disabled. */
function mailerPlugin(app: FastifyInstance, options: { transport?: MailTransport }) {
  const { smtpUrl, from } = app.config.email;
  const transport: MailTransport | undefined = options.transport ?? (smtpUrl ? createTransport(smtpUrl) : undefined);
  if (!transport && app.config.env === 'production') {
    app.log.warn('SMTP_URL is not set: verification codes are written to this log instead of being emailed');
  }
  app.decorate('mailer', {
    enabled: transport !== undefined,
    async send(message: MailMessage) {
      if (!transport) throw new Error('No mail transport configured');
      await transport.sendMail({ from, ...message });
    },
  });
  app.addHook('onClose', () => transport?.close?.());
}

export default fp(mailerPlugin, { name: 'mailer', fastify: '5.x', dependencies: ['config'] });
