/** One .eml file as the accounts mailer writes it (nodemailer's RFC 822 message), as a person reads it. */
export interface ParsedMail {
  /** A header (e.g. 'To', 'Subject'), unfolded; undefined when absent. */
  header(name: string): string | undefined;
  /** The e-mail addresses of the To header, lower-case. */
  to: string[];
  /** The text body, its transfer encoding (quoted-printable, base64) undone. */
  text: string;
}

const ADDRESS = /[^\s<>,;:"]+@[^\s<>,;:"]+/g;

export function parseEml(raw: string): ParsedMail {
  const eml = raw.replace(/\r\n/g, '\n');
  const split = eml.indexOf('\n\n');
  const head = (split < 0 ? eml : eml.slice(0, split)).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? undefined;
  let text = split < 0 ? '' : eml.slice(split + 2);
  const encoding = header('Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      text
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(text, 'base64').toString('utf8');
  }
  const to = (header('To') ?? '').match(ADDRESS)?.map((address) => address.toLowerCase()) ?? [];
  return { header, to, text };
}
