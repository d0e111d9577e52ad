/** The flags of a query's state that RTK Query hands to `selectFromResult`. */
interface QueryFlags {
  data?: unknown;
  isUninitialized: boolean;
  isLoading: boolean;
  isFetching: boolean;
}

/**
 * A `selectFromResult` for a query that starts when its component mounts. RTK Query's own selector shows such a
 * query as loading from the first render, but a `selectFromResult` of ours takes that selector's place and sees
 * the query before it has started: neither loading nor fetching. Its request going out a moment later then draws
 * the component a second time (on a phone, one more long task), and a figure first drawn as 0 becomes a
 * placeholder before its value arrives. This shows the query that has not started yet as RTK Query does —
 * fetching, and loading when it has no data — and then applies `select`.
 * A skipped query (`skip`, `skipToken`) never starts: pass `skipped` and it stays as it is.
 */
export function selectFromFirstRender<R extends QueryFlags, S>(select: (result: R) => S, skipped = false): (result: R) => S {
  if (skipped) return select;
  return (result) => select(result.isUninitialized ? { ...result, isUninitialized: false, isFetching: true, isLoading: result.data === undefined } : result);
}
