import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseBlocks, RichText } from './rich-text';

describe('RichText', () => {
  it('renders headings, lists, paragraphs, bold and citation marks', () => {
    const html = renderToStaticMarkup(
      <RichText
        text={'# Tiêu đề\n\nGiá **120.000 đ** [1].\n\n- một\n- hai\n\n1. bước\n2. tiếp'}
        renderCitation={(n) => <button>{`c${n}`}</button>}
      />,
    );
    expect(html).toContain('<h3');
    expect(html).toContain('<strong>120.000 đ</strong>');
    expect(html).toContain('<button>c1</button>');
    expect(html).toContain('<ul');
    expect(html).toContain('<li>hai</li>');
    expect(html).toContain('<ol');
  });

  it('never turns server text into HTML', () => {
    const html = renderToStaticMarkup(<RichText text={'<img src=x onerror="alert(1)"> **<b>x</b>**'} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x');
    expect(html).toContain('<strong>&lt;b&gt;x&lt;/b&gt;</strong>');
  });

  it('keeps a half-streamed mark as text', () => {
    expect(parseBlocks('Giá **120')).toEqual([{ kind: 'paragraph', lines: ['Giá **120'] }]);
  });
});
