import type { ComponentType, CSSProperties, TableHTMLAttributes } from 'react';

/** Spread onto an antd Table of any row type: its scroll box's style and its `<table>` element. */
interface SideScrollProps {
  styles: { content: CSSProperties };
  components: { table: ComponentType<TableHTMLAttributes<HTMLTableElement>> };
}

/** The props for each minimum width, made once: a table keeps its `<table>` element type across renders. */
const propsByMinWidth = new Map<number, SideScrollProps>();

/**
 * The props that let an antd Table wider than its box scroll sideways inside it, each column as wide as its content
 * (and the whole at least `minWidthPx` when given): what `scroll={{ x: 'max-content' }}` draws, without that option's
 * measuring of every column's cell after each drawing (a hidden row read back with `offsetWidth`: a forced layout and
 * a second drawing, long tasks on a phone). Not for tables with fixed columns or ellipsis, which need those measures.
 */
export function sideScrollTableProps(minWidthPx = 0): SideScrollProps {
  let props = propsByMinWidth.get(minWidthPx);
  if (!props) {
    const minWidth = minWidthPx > 0 ? `max(100%, ${minWidthPx}px)` : '100%';
    const SideScrollTableElement = ({ style, ...rest }: TableHTMLAttributes<HTMLTableElement>) => (
      <table {...rest} style={{ ...style, width: 'max-content', minWidth }} />
    );
    props = { styles: { content: { overflowX: 'auto' } }, components: { table: SideScrollTableElement } };
    propsByMinWidth.set(minWidthPx, props);
  }
  return props;
}
