import { h, type JSX } from 'preact';

/**
 * A file picker shown as a button with the page's own words: the native input says "Choose
 * File / No file chosen" in the browser's language, whatever the page's. The input stays in
 * the tab order (visually hidden) and the label opens it.
 */
export function FileButton({
  id,
  text,
  accept,
  onFile,
}: {
  id: string;
  text: string;
  accept: string;
  onFile(file: File): void;
}): JSX.Element {
  return h(
    'span',
    { class: 'file-button' },
    h('label', { for: id, class: 'button small' }, text),
    h('input', {
      id,
      type: 'file',
      class: 'sr-only',
      accept,
      onChange: (e: Event) => {
        const file = (e.target as HTMLInputElement).files?.[0];
        if (file) onFile(file);
      },
    }),
  );
}
