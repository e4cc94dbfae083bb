import Link from '@mui/material/Link';

const urlPattern = /\bhttps?:\/\/[^\s<>"']+/gi;

/** Text split into plain parts and http(s) links (trailing punctuation stays text). */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A message's text as text: only http(s) URLs become links (opened in a new tab); nothing in a
 * message is ever read as HTML, since React renders every part as a text node.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never move
          <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
