import type { ComponentType, CSSProperties, TableHTMLAttributes } from 'react';

/** Spread onto an antd Table of any row type: its scroll box's class and style, and its `<table>` element. */
interface SideScrollProps {
  classNames: { content: string };
  styles: { content: CSSProperties };
  components: { table: ComponentType<TableHTMLAttributes<HTMLTableElement>> };
}

const SCROLL_BOX_CLASS = 'pm-side-scroll';
/**
 * An empty table's message stays in the visible part of the scroll box (the box is a size container, `cqi` its
 * width), as antd keeps it when it measures the box itself: not centred on a table wider than the phone.
 */
const SIDE_SCROLL_CSS = `.${SCROLL_BOX_CLASS} .ant-table-placeholder > .ant-table-cell > * {
  position: sticky;
  inset-inline-start: 0;
  width: calc(100cqi - 32px);
}`;

/** The props for each width, made once: a table keeps its `<table>` element type across renders. */
const propsByWidth = new Map<number, SideScrollProps>();

/**
 * The props that let an antd Table wider than its box scroll sideways inside it, each column as wide as its content,
 * or the whole `widthPx` wide when given (never narrower than its box): what `scroll={{ x: 'max-content' }}` and
 * `scroll={{ x: widthPx }}` draw, without that option's measuring of every column's cell after each drawing (a hidden
 * row read back with `offsetWidth`: a forced layout and a second drawing, long tasks on a phone). Not for tables with fixed columns or ellipsis, which need those measures.
 * The rule for the empty message is a React style sheet: hoisted into the head once, whichever app draws the table.
 */
export function sideScrollTableProps(widthPx = 0): SideScrollProps {
  let props = propsByWidth.get(widthPx);
  if (!props) {
    const width = widthPx > 0 ? `${widthPx}px` : 'max-content';
    const SideScrollTableElement = ({ style, ...rest }: TableHTMLAttributes<HTMLTableElement>) => (
      <>
        <style href={SCROLL_BOX_CLASS} precedence="default">
          {SIDE_SCROLL_CSS}
        </style>
        <table {...rest} style={{ ...style, width, minWidth: '100%' }} />
      </>
    );
    props = {
      classNames: { content: SCROLL_BOX_CLASS },
      styles: { content: { overflowX: 'auto', containerType: 'inline-size' } },
      components: { table: SideScrollTableElement },
    };
    propsByWidth.set(widthPx, props);
  }
  return props;
}
