import type { DocumentSection, ParsedDocument } from '../parsed-document.ts';

/**
 * Text, logs and source code: one section addressed by line, so a citation says "lines 10–42" of the file
 * as the user sees it in an editor. Line endings are normalised first so that numbering matches.
 */
export function parsePlainText(text: string): ParsedDocument {
  const normalised = normaliseLineEndings(text);
  return { text: normalised, sections: [lineSection(normalised.split('\n'), 1)].filter(isSection) };
}

/** Markdown: one section per ATX heading (`# Title`), ignoring `#` lines inside fenced code blocks. */
export function parseMarkdown(text: string): ParsedDocument {
  const normalised = normaliseLineEndings(text);
  const lines = normalised.split('\n');
  const sections: DocumentSection[] = [];
  let start = 0;
  let title: string | undefined;
  let fence: string | undefined;
  const flush = (end: number): void => {
    const section = lineSection(lines.slice(start, end), start + 1, title);
    if (section) sections.push(section);
  };
  lines.forEach((line, index) => {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1].charAt(0);
      if (fence === undefined) fence = marker;
      else if (fence === marker) fence = undefined;
      return;
    }
    const heading = fence === undefined ? /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      flush(index);
      // The heading line stays in the section's text (it is searchable context); it is also its title.
      start = index;
      title = heading[1] ?? '';
    }
  });
  flush(lines.length);
  return { text: normalised, sections };
}

function lineSection(lines: string[], firstLine: number, title?: string): DocumentSection | undefined {
  // Leading and trailing blank lines carry nothing; dropping them keeps the line numbers right.
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && (lines[first] ?? '').trim() === '') first += 1;
  while (last >= first && (lines[last] ?? '').trim() === '') last -= 1;
  if (first > last) return undefined;
  const from = firstLine + first;
  const to = firstLine + last;
  return {
    ...(title === undefined ? {} : { title }),
    text: lines.slice(first, last + 1).join('\n'),
    locator: from === to ? `line ${from}` : `lines ${from}–${to}`,
    address: { unit: 'line', firstLine: from },
  };
}

function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function isSection(section: DocumentSection | undefined): section is DocumentSection {
  return section !== undefined;
}
