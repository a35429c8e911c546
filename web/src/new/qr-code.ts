import { h, type JSX } from 'preact';
import qrcode from 'qrcode-generator';

/**
 * A QR code of `text` as an SVG (one path of dark modules, a quiet zone of 4), sized by CSS.
 * Drawn as elements rather than an SVG string, so nothing is parsed as markup.
 */
export function QrCode({ text, title }: { text: string; title: string }): JSX.Element {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 4;
  let path = '';
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (qr.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  const size = count + 2 * quiet;
  return h(
    'svg',
    {
      class: 'qr-code',
      viewBox: `0 0 ${size} ${size}`,
      role: 'img',
      'aria-label': title,
      'shape-rendering': 'crispEdges',
    },
    h('rect', { width: size, height: size, fill: '#fff' }),
    h('path', { d: path, fill: '#000' }),
  );
}
