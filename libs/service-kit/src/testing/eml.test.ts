import { parseEml } from './eml';

describe('parseEml', () => {
  it('unfolds headers, lists the To addresses and undoes quoted-printable', () => {
    const mail = parseEml(
      [
        'From: Naija Marketplace <no-reply@marketplace.local>',
        'To: "Ada Obi" <Ada.Obi@example.com>,',
        ' bola@example.com',
        'Subject: Your job was',
        ' posted',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Caf=C3=A9 on 12 Allen Avenue, a line that was too long for one line of mai=',
        'l =3D fine.',
      ].join('\r\n'),
    );
    expect(mail.to).toEqual(['ada.obi@example.com', 'bola@example.com']);
    expect(mail.header('subject')).toBe('Your job was posted');
    expect(mail.header('Cc')).toBeUndefined();
    expect(mail.text).toBe('Café on 12 Allen Avenue, a line that was too long for one line of mail = fine.');
  });

  it('decodes a base64 body and reads a plain one as it is', () => {
    const text = 'Call 0803 555 0123';
    const encoded = parseEml(
      `To: a@example.com\nContent-Transfer-Encoding: base64\n\n${Buffer.from(text).toString('base64')}`,
    );
    expect(encoded.text).toBe(text);
    expect(parseEml(`To: a@example.com\n\n${text}`).text).toBe(text);
    expect(parseEml('To: a@example.com').text).toBe('');
  });
});
